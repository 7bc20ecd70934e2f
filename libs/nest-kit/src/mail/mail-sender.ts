import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  /** `smtp://user:pass@host:587` or `smtps://...`; unset means the outbox (never in production). */
  smtpUrl?: string;
  from: string;
  /** Where messages land without SMTP (docs/development.md: `${DATA_DIR}/outbox`). */
  outboxDir: string;
  /** NODE_ENV; unset reads process.env.NODE_ENV (services validate it there at start). */
  nodeEnv?: string;
}

/** A mail setting that must stop start-up (thrown from the module factory, so the service never listens). */
export class MailConfigurationError extends Error {}

/**
 * In production every message (reset and set-password links, invitations) goes out by SMTP or
 * the service does not start. An outbox folder there would hold live single-use links on disk that nobody
 * receives, and a missing SMTP_URL would only show up when a user asks for a reset.
 */
function assertOutboxAllowed(nodeEnv: string | undefined): void {
  if (nodeEnv === 'production') {
    throw new MailConfigurationError(
      'SMTP_URL is required when NODE_ENV=production (smtp://user:password@host:587 or smtps://...): e-mails carry ' +
        'single-use reset and invitation links, which are never written to the outbox folder in production',
    );
  }
}

function checkedSmtpUrl(smtpUrl: string): string {
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new MailConfigurationError('SMTP_URL is not a URL (expected smtp://user:password@host:587 or smtps://...)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new MailConfigurationError(`SMTP_URL must start with smtp:// or smtps://, got "${protocol}"`);
  }
  return smtpUrl;
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
    nodeEnv: string | undefined = process.env.NODE_ENV,
  ) {
    // Also here, not only in createMailSender: nothing may build an outbox in production by another path.
    assertOutboxAllowed(nodeEnv);
  }

  async send(message: MailMessage): Promise<void> {
    const sentAt = this.now();
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    const file = join(this.outboxDir, name);
    const body = { to: message.to, from: this.from, subject: message.subject, text: message.text, html: message.html, sentAt: sentAt.toISOString() };
    // Written aside and renamed into place: whoever reads the folder (a test, a person) sees whole messages only.
    await writeFile(`${file}.partial`, JSON.stringify(body, null, 2), { mode: 0o600 });
    await rename(`${file}.partial`, file);
  }
}

/** SMTP when a URL is set; otherwise the outbox folder, which production refuses (MailConfigurationError). */
export function createMailSender(settings: MailSettings): MailSender {
  const nodeEnv = settings.nodeEnv ?? process.env.NODE_ENV;
  if (settings.smtpUrl) return new SmtpMailSender(checkedSmtpUrl(settings.smtpUrl), settings.from);
  return new OutboxMailSender(settings.outboxDir, settings.from, undefined, nodeEnv);
}
