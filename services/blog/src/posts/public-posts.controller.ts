import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { BlogListQuerySchema, type BlogPost, type BlogPostsResponse } from '@payday/contracts';
import { ZodValidationPipe } from '@payday/nest-kit';
import { BlogPostsService } from './blog-posts.service.js';

/**
 * Browsers revalidate every time (an edit shows at once); a shared cache in front of the gateway may keep an
 * answer for a minute.
 */
export const PUBLIC_POSTS_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/** The public blog (spec part 1 §2, §7): published posts only, no session needed (a bearer is ignored). */
@Controller('api/blog/posts')
export class PublicPostsController {
  constructor(@Inject(BlogPostsService) private readonly posts: BlogPostsService) {}

  @Get()
  @Header('Cache-Control', PUBLIC_POSTS_CACHE_CONTROL)
  async list(@Query(new ZodValidationPipe(BlogListQuerySchema)) query: { featured?: 'true' | 'false' }): Promise<BlogPostsResponse> {
    return { posts: await this.posts.listPublished({ featuredOnly: query.featured === 'true' }) };
  }

  @Get(':slug')
  @Header('Cache-Control', PUBLIC_POSTS_CACHE_CONTROL)
  find(@Param('slug') slug: string): Promise<BlogPost> {
    return this.posts.findPublished(slug);
  }
}
