import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  AdminListQuerySchema,
  ApproveUserRequestSchema,
  CreateUserRequestSchema,
  ToggleUserStatusRequestSchema,
  type AdminActionResponse,
  type AdminListQuery,
  type AdminUsersResponse,
  type AdminWaitlistResponse,
  type CreateUserRequest,
  type ToggleUserStatusRequest,
} from '@paycadence/contracts';
import { AuthGuard, Roles, ZodBody, ZodValidationPipe } from '@paycadence/nest-kit';
import { Actor } from '../action-context.js';
import type { ActionContext } from '../audit/audit-recorder.js';
import { AdminActionsService } from './admin-actions.service.js';

/** docs/product/signed-in.md §7 admin calls: admin role only, enforced here (401 without a token, 403 for a user). */
@Controller('api/admin')
@UseGuards(AuthGuard)
@Roles('admin')
export class AdminAccountsController {
  constructor(@Inject(AdminActionsService) private readonly actions: AdminActionsService) {}

  /** One page of accounts: searched, sorted and paged by auth (AdminListQuerySchema; a bad query is a 400 here). */
  @Get('users')
  users(@Query(new ZodValidationPipe(AdminListQuerySchema)) query: AdminListQuery): Promise<AdminUsersResponse> {
    return this.actions.listUsers(query);
  }

  /** One page of pending waitlist entries, the same way, by the waitlist service. */
  @Get('waitlist')
  waitlist(@Query(new ZodValidationPipe(AdminListQuerySchema)) query: AdminListQuery): Promise<AdminWaitlistResponse> {
    return this.actions.listWaitlist(query);
  }

  @Post('create-user')
  @HttpCode(201)
  createUser(@Actor() actor: ActionContext, @ZodBody(CreateUserRequestSchema) body: Required<CreateUserRequest>): Promise<AdminActionResponse> {
    return this.actions.createUser(actor, body);
  }

  @Post('approve-user')
  @HttpCode(200)
  approveUser(@Actor() actor: ActionContext, @ZodBody(ApproveUserRequestSchema) body: { email: string }): Promise<AdminActionResponse> {
    return this.actions.approveUser(actor, body.email);
  }

  @Delete('waitlist/:id')
  removeFromWaitlist(@Actor() actor: ActionContext, @Param('id') id: string): Promise<AdminActionResponse> {
    return this.actions.removeFromWaitlist(actor, id);
  }

  @Post('toggle-user-status')
  @HttpCode(200)
  toggleUserStatus(
    @Actor() actor: ActionContext,
    @ZodBody(ToggleUserStatusRequestSchema) body: Required<ToggleUserStatusRequest>,
  ): Promise<AdminActionResponse> {
    return this.actions.setUserStatus(actor, body.userId, body.status);
  }
}
