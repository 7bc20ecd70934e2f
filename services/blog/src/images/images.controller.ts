import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { BLOG_IMAGE_NAME_HEADER, type BlogImageUploadResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, Roles, type AuthenticatedUser } from '@paycadence/nest-kit';
import type { FastifyReply } from 'fastify';
import { BlogAuditTrail, type AuditRequest } from '../audit/blog-audit-trail.js';
import { BlogImagesService, decodeFileName } from './blog-images.service.js';

/** Names are never reused, so an image never changes: cached for a year everywhere. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** GET /api/blog/images/{name}: anyone (the public blog shows them). */
@Controller('api/blog/images')
export class PublicImagesController {
  constructor(@Inject(BlogImagesService) private readonly images: BlogImagesService) {}

  @Get(':name')
  async serve(@Param('name') name: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const image = await this.images.find(name);
    // The name is the content's identity (random, never reused).
    const etag = `"${name}"`;
    reply
      .header('Cache-Control', IMAGE_CACHE_CONTROL)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      // Defence in depth: opened on its own, the response can run nothing and load nothing.
      .header('Content-Security-Policy', "default-src 'none'");
    if (ifNoneMatch === etag) {
      await reply.status(304).send();
      return;
    }
    await reply.type(image.contentType).send(image.bytes);
  }
}

/** POST /api/blog/admin/images: admins only; the raw bytes as the body, X-File-Name optional. */
@Controller('api/blog/admin/images')
@UseGuards(AuthGuard)
@Roles('admin')
export class AdminImagesController {
  constructor(
    @Inject(BlogImagesService) private readonly images: BlogImagesService,
    @Inject(BlogAuditTrail) private readonly audit: BlogAuditTrail,
  ) {}

  @Post()
  @HttpCode(201)
  async upload(
    @Body() body: unknown,
    @Headers(BLOG_IMAGE_NAME_HEADER) fileName: string | undefined,
    @CurrentUser() admin: AuthenticatedUser,
    @Req() request: AuditRequest,
  ): Promise<BlogImageUploadResponse> {
    const image = await this.images.upload(body, decodeFileName(fileName));
    void this.audit.record('blog.image-uploaded', admin, request, { url: image.url, contentType: image.contentType, bytes: image.size });
    return { url: image.url };
  }
}
