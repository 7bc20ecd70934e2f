import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { AdminItemDto } from '@payday/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@payday/nest-kit';
import { AdminService } from './admin.service.js';

/** /api/admin (libs/contracts/src/routes.ts lists its routes; gateway/kong.yml routes them here). */
@Controller('api/admin')
@UseGuards(AuthGuard)
export class AdminController {
  constructor(@Inject(AdminService) private readonly service: AdminService) {}

  @Get('items/:id')
  find(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<AdminItemDto> {
    return this.service.find(user.id, id);
  }
}
