import { Logger } from '@nestjs/common';
import {
  AccountDeleteReplySchema,
  AccountExportReplySchema,
  TransportFailureSchema,
} from '@paycadence/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answerAccountDelete, answerAccountExport } from './account-data-answers.js';

beforeAll(() => Logger.overrideLogger(false));

const subject = { userId: '6f1c2a1e-6b0a-4a7e-9d43-0b8f4f6f2c11', email: 'ann@example.com' };

describe('answerAccountExport / answerAccountDelete', () => {
  it.each([
    ['export', answerAccountExport, AccountExportReplySchema],
    ['delete', answerAccountDelete, AccountDeleteReplySchema],
  ] as const)('%s: a malformed subject gets the one refusal shape, no work', async (_, answer, schema) => {
    const work = vi.fn(async () => ({}));
    const reply = await answer('finance', { userId: 'not-a-uuid', email: 'ann@example.com' }, work);
    expect(TransportFailureSchema.parse(reply)).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      errors: { userId: expect.any(String) },
    });
    expect(schema.parse(reply).ok).toBe(false);
    expect(work).not.toHaveBeenCalled();
  });

  it('answers the work of a well-formed subject', async () => {
    const tables = { bills: [{ id: 1 }] };
    expect(await answerAccountExport('finance', subject, async () => tables)).toEqual({ ok: true, tables });
    const removed = { bills: 1 };
    expect(await answerAccountDelete('finance', subject, async () => removed)).toEqual({ ok: true, removed });
  });
});
