import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { BlogItemDto } from '@payday/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@payday/nest-kit';
import { BlogService } from './blog.service.js';

/** /api/blog (libs/contracts/src/routes.ts lists its routes; gateway/kong.yml routes them here). */
@Controller('api/blog')
@UseGuards(AuthGuard)
export class BlogController {
  constructor(@Inject(BlogService) private readonly service: BlogService) {}

  @Get('items/:id')
  find(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BlogItemDto> {
    return this.service.find(user.id, id);
  }
}
