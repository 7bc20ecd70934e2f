import { Controller, Get, Header, HttpCode, Inject, NotFoundException, Param, Post, Res } from '@nestjs/common';
import {
  REMINDER_MESSAGES,
  REMINDER_UNSUBSCRIBE_PATH,
  reminderUnsubscribePath,
  UnsubscribeRequestSchema,
  type UnsubscribeRequest,
} from '@paycadence/contracts';
import { SecretInPath, ZodBody } from '@paycadence/nest-kit';
import { ReminderSettingsService } from './reminder-settings.service.js';
import { UNSUBSCRIBE_PAGE_HEADERS, UNSUBSCRIBE_SCRIPT, UNSUBSCRIBE_SCRIPT_HEADERS, unsubscribePage } from './unsubscribe-page.js';
import { wellFormedUnsubscribeToken } from './unsubscribe-token.js';

/** What this controller uses of Fastify's reply (the page, its script and the redirect set their own headers). */
interface PageReply {
  status(code: number): PageReply;
  headers(values: Record<string, string>): PageReply;
  send(body?: string): unknown;
}

const unknownLink = () => new NotFoundException(REMINDER_MESSAGES.unsubscribeInvalidBody);

/**
 * The link in every reminder e-mail, without signing in. The token is the credential and never travels in a
 * URL the browser requests: the e-mail links to the page with the token in the fragment, the page's script sends
 * it in the body of the two POSTs. An unknown or malformed token gets the same 404 from both.
 */
@Controller('api/financial/reminders')
export class UnsubscribeController {
  constructor(@Inject(ReminderSettingsService) private readonly settings: ReminderSettingsService) {}

  /** The page: the same for everyone (its script reads the link), so it asks nothing of the database. */
  @Get('unsubscribe')
  page(@Res() reply: PageReply): void {
    reply.status(200).headers(UNSUBSCRIBE_PAGE_HEADERS).send(unsubscribePage());
  }

  @Get('unsubscribe.js')
  script(@Res() reply: PageReply): void {
    reply.status(200).headers(UNSUBSCRIBE_SCRIPT_HEADERS).send(UNSUBSCRIBE_SCRIPT);
  }

  /** Whether the link still works; changes nothing (the page asks before it turns anything off). */
  @Post('unsubscribe-check')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async check(@ZodBody(UnsubscribeRequestSchema) body: UnsubscribeRequest): Promise<{ valid: true }> {
    if (!(await this.settings.knowsToken(body.token))) throw unknownLink();
    return { valid: true };
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async unsubscribe(@ZodBody(UnsubscribeRequestSchema) body: UnsubscribeRequest): Promise<{ unsubscribed: true }> {
    if (!(await this.settings.unsubscribe(body.token))) throw unknownLink();
    return { unsubscribed: true };
  }

  /**
   * Links mailed before the token moved to the fragment have it in the path. They keep working: a redirect to the
   * page with the token in the fragment, changing nothing. The request log names the route's pattern
   * (SecretInPath), and the gateway's and nginx's access logs replace the token (k8s/base/kong/access-log.conf).
   */
  @Get('unsubscribe/:token')
  @SecretInPath()
  legacyLink(@Param('token') token: string, @Res() reply: PageReply): void {
    const wellFormed = wellFormedUnsubscribeToken(token);
    reply
      .status(303)
      .headers({
        location: wellFormed ? reminderUnsubscribePath(wellFormed) : REMINDER_UNSUBSCRIBE_PATH,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      })
      .send();
  }
}
