import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { ImagesModule } from '../images/images.module.js';
import { AdminPostsController } from './admin-posts.controller.js';
import { BlogPostEntity } from './blog-post.entity.js';
import { BlogPostsService } from './blog-posts.service.js';
import { PublicPostsController } from './public-posts.controller.js';

@Module({
  imports: [TypeOrmModule.forFeature([BlogPostEntity]), AuditModule, ImagesModule],
  controllers: [PublicPostsController, AdminPostsController],
  providers: [BlogPostsService],
})
export class PostsModule {}
