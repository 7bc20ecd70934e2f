import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What a service needs to send e-mail; inject with `@Inject(MAIL_SENDER)` so tests swap it. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_SENDER = Symbol('MAIL_SENDER');

export interface MailSettings {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset means the outbox. */
  smtpUrl?: string;
  from: string;
  /** Where messages land without SMTP (DESIGN §5: `${DATA_DIR}/outbox`). */
  outboxDir: string;
}

/** Sends through an SMTP server with nodemailer. */
export class SmtpMailSender implements MailSender {
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/**
 * Writes one JSON file per message (`{to, from, subject, text, html, sentAt}`) into the outbox folder, for the
 * local run and tests: file names sort by time, so the newest file is the last message sent.
 */
export class OutboxMailSender implements MailSender {
  constructor(
    private readonly outboxDir: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const sentAt = this.now();
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    const file = join(this.outboxDir, name);
    const body = { to: message.to, from: this.from, subject: message.subject, text: message.text, html: message.html, sentAt: sentAt.toISOString() };
    await writeFile(file, JSON.stringify(body, null, 2), { mode: 0o600 });

  }
}

export function createMailSender(settings: MailSettings): MailSender {
  return settings.smtpUrl ? new SmtpMailSender(settings.smtpUrl, settings.from) : new OutboxMailSender(settings.outboxDir, settings.from);
}
