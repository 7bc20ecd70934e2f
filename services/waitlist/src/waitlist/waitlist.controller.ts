import { Controller, HttpCode, Post } from '@nestjs/common';
import { WaitlistJoinSchema, type WaitlistJoinResponse } from '@paycadence/contracts';
import { ZodBody } from '@paycadence/nest-kit';
import { WaitlistService, type JoinCommand } from './waitlist.service.js';

@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post('join')
  @HttpCode(200)
  async join(@ZodBody(WaitlistJoinSchema) body: JoinCommand): Promise<WaitlistJoinResponse> {
    const { success, message } = await this.waitlist.join(body);
    return { success, message };
  }
}
