import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { BlogPost, BlogPostFields, BlogPostsResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, Roles, type AuthenticatedUser } from '@paycadence/nest-kit';
import { BlogAuditTrail, type AuditRequest } from '../audit/blog-audit-trail.js';
import { BlogPostsService } from './blog-posts.service.js';
import { PostInputPipe } from './post-input.js';

const postDetails = (post: BlogPost) => ({ postId: post.id, slug: post.slug, title: post.title, published: post.published });

/** The blog admin's posts (docs/product/signed-in.md §2, §7): admins only (401 without a valid token, 403 for a user). */
@Controller('api/blog/admin/posts')
@UseGuards(AuthGuard)
@Roles('admin')
export class AdminPostsController {
  constructor(
    @Inject(BlogPostsService) private readonly posts: BlogPostsService,
    @Inject(BlogAuditTrail) private readonly audit: BlogAuditTrail,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(): Promise<BlogPostsResponse> {
    return { posts: await this.posts.listAll() };
  }

  @Post()
  @HttpCode(201)
  async create(@Body(PostInputPipe) fields: BlogPostFields, @CurrentUser() admin: AuthenticatedUser, @Req() request: AuditRequest): Promise<BlogPost> {
    const post = await this.posts.create(fields);
    void this.audit.record('blog.post-created', admin, request, postDetails(post));
    return post;
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body(PostInputPipe) fields: BlogPostFields,
    @CurrentUser() admin: AuthenticatedUser,
    @Req() request: AuditRequest,
  ): Promise<BlogPost> {
    const post = await this.posts.update(id, fields);
    void this.audit.record('blog.post-updated', admin, request, postDetails(post));
    return post;
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @CurrentUser() admin: AuthenticatedUser, @Req() request: AuditRequest): Promise<void> {
    const post = await this.posts.delete(id);
    void this.audit.record('blog.post-deleted', admin, request, postDetails(post));
  }
}
