import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlogController } from './blog.controller.js';
import { BlogItem } from './blog-item.entity.js';
import { BlogService } from './blog.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([BlogItem])],
  controllers: [BlogController],
  providers: [BlogService],
})
export class BlogModule {}
