import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { MailConfigurationError, OutboxMailSender, SmtpMailSender, createMailSender } from './mail-sender.js';

const message = { to: 'ann@example.com', subject: 'Hello', text: 'Plain', html: '<p>Plain</p>' };

describe('mail sender', () => {
  it('writes one JSON file per message into the outbox, newest last by name', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'mail-')), 'outbox');
    const sender = new OutboxMailSender(outbox, 'PayCadence <no-reply@paycadence.app>', () => new Date('2026-03-15T12:00:00Z'));
    await sender.send(message);
    const later = new OutboxMailSender(outbox, 'x', () => new Date('2026-03-15T12:00:01Z'));
    await later.send({ ...message, subject: 'Second' });
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    const first = JSON.parse(readFileSync(join(outbox, files[0]), 'utf8'));
    expect(first).toEqual({ ...message, from: 'PayCadence <no-reply@paycadence.app>', sentAt: '2026-03-15T12:00:00.000Z' });
    expect(JSON.parse(readFileSync(join(outbox, files[1]), 'utf8')).subject).toBe('Second');
    expect(statSync(join(outbox, files[0])).mode & 0o777).toBe(0o600);
  });

  it('uses SMTP only when a URL is configured', () => {
    expect(createMailSender({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'a@b.co', outboxDir: '/tmp/x' })).toBeInstanceOf(SmtpMailSender);
    expect(createMailSender({ from: 'a@b.co', outboxDir: '/tmp/x' })).toBeInstanceOf(OutboxMailSender);
  });

  it('refuses to start without SMTP when NODE_ENV=production, and writes nothing to the outbox', () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'mail-')), 'outbox');
    const production = { from: 'a@b.co', outboxDir: outbox, nodeEnv: 'production' };
    expect(() => createMailSender(production)).toThrow(MailConfigurationError);
    expect(() => createMailSender(production)).toThrow(/SMTP_URL is required when NODE_ENV=production/);
    expect(() => createMailSender({ ...production, smtpUrl: '' })).toThrow(MailConfigurationError);
    // nor by building the outbox directly
    expect(() => new OutboxMailSender(outbox, 'x', () => new Date(), 'production')).toThrow(MailConfigurationError);
    expect(existsSync(outbox)).toBe(false);
    expect(createMailSender({ ...production, smtpUrl: 'smtps://u:p@mail.example.com:465' })).toBeInstanceOf(SmtpMailSender);
  });

  it('reads NODE_ENV from the environment when the settings do not say', () => {
    const previous = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect(() => createMailSender({ from: 'a@b.co', outboxDir: '/tmp/x' })).toThrow(MailConfigurationError);
      process.env.NODE_ENV = 'development';
      expect(createMailSender({ from: 'a@b.co', outboxDir: '/tmp/x' })).toBeInstanceOf(OutboxMailSender);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('keeps the outbox in development and test', () => {
    for (const nodeEnv of ['development', 'test']) {
      expect(createMailSender({ from: 'a@b.co', outboxDir: '/tmp/x', nodeEnv })).toBeInstanceOf(OutboxMailSender);
    }
  });

  it('refuses an SMTP URL of another scheme, or none, with a clear message', () => {
    expect(() => createMailSender({ smtpUrl: 'http://mail.example.com', from: 'a@b.co', outboxDir: '/tmp/x' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => createMailSender({ smtpUrl: 'mail.example.com:587', from: 'a@b.co', outboxDir: '/tmp/x' })).toThrow(MailConfigurationError);
  });
});

describe('SmtpMailSender against a real SMTP server', () => {
  it('delivers the envelope and both bodies as nodemailer frames them', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'PayCadence <no-reply@paycadence.app>');
      await sender.send({ ...message, subject: 'Reset your password', text: 'Open the link', html: '<p>Open the link</p>' });
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@paycadence.app');
      expect(received[0]!.to).toEqual(['ann@example.com']);
      expect(received[0]!.data).toMatch(/^Subject: Reset your password$/m);
      expect(received[0]!.data).toContain('Open the link');
      expect(received[0]!.data).toContain('<p>Open the link</p>');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
