import { Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  DueDateMoveCreateSchema,
  DueDateMoveUpdateSchema,
  DueDatePlanPreviewSchema,
  DueDatePlanQuerySchema,
  type DueDateLetterSent,
  type DueDateMoveCreate,
  type DueDateMoveDto,
  type DueDateMoveList,
  type DueDateMoveUpdate,
  type DueDatePlanPreview,
  type DueDatePlanQuery,
  type DueDatePlanResponse,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, ZodValidationPipe, type AuthenticatedUser } from '@paycadence/nest-kit';
import { DueDateMovesService } from './due-date-moves.service.js';
import { PlannerService } from './planner.service.js';

/** The due-date planner (FINANCE_ENDPOINTS.dueDatePlan ... emailDueDateLetter; docs/due-date-planner.md). */
@Controller('api/financial')
@UseGuards(AuthGuard)
export class PlannerController {
  constructor(
    @Inject(PlannerService) private readonly planner: PlannerService,
    @Inject(DueDateMovesService) private readonly moves: DueDateMovesService,
  ) {}

  @Get('due-date-plan')
  @Header('cache-control', 'private, no-store')
  plan(@CurrentUser() user: AuthenticatedUser, @Query(new ZodValidationPipe(DueDatePlanQuerySchema)) query: DueDatePlanQuery): Promise<DueDatePlanResponse> {
    return this.planner.plan(user.id, { householdId: query.household_id, today: query.today });
  }

  @Post('due-date-plan/preview')
  @HttpCode(200)
  @Header('cache-control', 'private, no-store')
  preview(@CurrentUser() user: AuthenticatedUser, @ZodBody(DueDatePlanPreviewSchema) body: DueDatePlanPreview): Promise<DueDatePlanResponse> {
    const choices = new Map(body.choices.map((choice) => [choice.billId, choice.toDay]));
    return this.planner.plan(user.id, { householdId: body.household_id, today: body.today, choices });
  }

  @Get('due-date-moves')
  @Header('cache-control', 'private, no-store')
  async list(@CurrentUser() user: AuthenticatedUser): Promise<DueDateMoveList> {
    return { moves: await this.moves.list(user.id) };
  }

  @Post('due-date-moves')
  create(@CurrentUser() user: AuthenticatedUser, @ZodBody(DueDateMoveCreateSchema) body: DueDateMoveCreate): Promise<DueDateMoveDto> {
    return this.moves.create(user.id, body);
  }

  @Put('due-date-moves/:id')
  update(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @ZodBody(DueDateMoveUpdateSchema) body: DueDateMoveUpdate): Promise<DueDateMoveDto> {
    return this.moves.update(user.id, id, body);
  }

  @Delete('due-date-moves/:id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.moves.remove(user.id, id);
  }

  @Post('due-date-moves/:id/letter')
  @HttpCode(200)
  emailLetter(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<DueDateLetterSent> {
    return this.moves.emailLetter(user.id, id);
  }
}
