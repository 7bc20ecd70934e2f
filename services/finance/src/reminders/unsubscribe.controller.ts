import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { SecretInPath } from '@payday/nest-kit';
import { ReminderSettingsService } from './reminder-settings.service.js';
import { UNSUBSCRIBE_PAGE_HEADERS, unsubscribePage, type UnsubscribePageState } from './unsubscribe-page.js';

/**
 * issue 14: the link in every reminder e-mail, without signing in: the token in the path is the credential (so
 * request logs show the route's pattern, SecretInPath). GET asks (mail scanners open links), POST turns the
 * reminder e-mails off; an unknown or malformed token gets the same 404 page either way.
 */
/** What this controller uses of Fastify's reply (the page sets its own status and headers). */
interface PageReply {
  status(code: number): PageReply;
  headers(values: Record<string, string>): PageReply;
  send(body: string): unknown;
}

@Controller('api/financial/reminders/unsubscribe')
export class UnsubscribeController {
  constructor(@Inject(ReminderSettingsService) private readonly settings: ReminderSettingsService) {}

  @Get(':token')
  @SecretInPath()
  async ask(@Param('token') token: string, @Res() reply: PageReply): Promise<void> {
    this.page(reply, (await this.settings.knowsToken(token)) ? 'ask' : 'unknown');
  }

  @Post(':token')
  @SecretInPath()
  @HttpCode(200)
  async unsubscribe(@Param('token') token: string, @Res() reply: PageReply): Promise<void> {
    this.page(reply, (await this.settings.unsubscribe(token)) ? 'done' : 'unknown');
  }

  private page(reply: PageReply, state: UnsubscribePageState): void {
    reply
      .status(state === 'unknown' ? 404 : 200)
      .headers(UNSUBSCRIBE_PAGE_HEADERS)
      .send(unsubscribePage(state));
  }
}
