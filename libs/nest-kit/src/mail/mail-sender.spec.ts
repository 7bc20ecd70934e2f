import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxMailSender, SmtpMailSender, createMailSender } from './mail-sender.js';

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
});
