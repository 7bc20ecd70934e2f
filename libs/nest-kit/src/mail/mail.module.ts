import { Global, Module, type DynamicModule } from '@nestjs/common';
import { MAIL_SENDER, createMailSender, type MailSettings } from './mail-sender.js';

/**
 * Provides `MAIL_SENDER`: SMTP when `smtpUrl` is set, else JSON files in the outbox folder. With NODE_ENV=production
 * and no SMTP URL the factory throws MailConfigurationError, so the service stops at start with that message.
 */
@Global()
@Module({})
export class MailModule {
  static forRoot(settings: () => MailSettings): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: MAIL_SENDER, useFactory: () => createMailSender(settings()) }],
      exports: [MAIL_SENDER],
    };
  }
}
