import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { BlogListQuerySchema, type BlogPost, type BlogPostSummariesResponse } from '@paycadence/contracts';
import { ZodValidationPipe } from '@paycadence/nest-kit';
import { BlogPostsService } from './blog-posts.service.js';

/**
 * Browsers and any shared cache in front of the gateway revalidate every time: an edit shows at once, and a
 * post the admin unpublishes or deletes is never served stale.
 */
export const PUBLIC_POSTS_CACHE_CONTROL = 'no-cache';

/** The public blog (docs/product/accounts.md §2, §7): published posts only, no session needed (a bearer is ignored). */
@Controller('api/blog/posts')
export class PublicPostsController {
  constructor(@Inject(BlogPostsService) private readonly posts: BlogPostsService) {}

  @Get()
  @Header('Cache-Control', PUBLIC_POSTS_CACHE_CONTROL)
  async list(@Query(new ZodValidationPipe(BlogListQuerySchema)) query: { featured?: 'true' | 'false' }): Promise<BlogPostSummariesResponse> {
    return { posts: await this.posts.listPublished({ featuredOnly: query.featured === 'true' }) };
  }

  @Get(':slug')
  @Header('Cache-Control', PUBLIC_POSTS_CACHE_CONTROL)
  find(@Param('slug') slug: string): Promise<BlogPost> {
    return this.posts.findPublished(slug);
  }
}
