import { Controller, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { GENERATOR_KINDS, type GenerateResponse, type GeneratorKind } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@paycadence/nest-kit';
import { assertOwnUserId } from '../common/own-user.js';
import { BankSyncError } from '../errors.js';
import { GeneratorService } from './generator.service.js';

const isKind = (value: string): value is GeneratorKind => (GENERATOR_KINDS as readonly string[]).includes(value);

/** docs/product/signed-in.md §7: POST /api/plaid-data/generate/{userId} and /generate/{userId}/{kind}. */
@Controller('api/plaid-data')
@UseGuards(AuthGuard)
export class GeneratorController {
  constructor(@Inject(GeneratorService) private readonly generator: GeneratorService) {}

  @Post('generate/:userId')
  @HttpCode(200)
  generateAll(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<GenerateResponse> {
    assertOwnUserId(user, userId);
    return this.generator.generate(user.id, 'all');
  }

  @Post('generate/:userId/:kind')
  @HttpCode(200)
  generateKind(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string, @Param('kind') kind: string): Promise<GenerateResponse> {
    assertOwnUserId(user, userId);
    if (!isKind(kind)) throw new BankSyncError('GENERATOR_KIND_INVALID');
    return this.generator.generate(user.id, kind);
  }
}
