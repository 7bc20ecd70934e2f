import { describe, expect, it } from 'vitest';
import { JsonLogger } from './json-logger.js';
import { runWithRequestId } from './request-context.js';

describe('JsonLogger', () => {
  it('writes one JSON line with service, level, context and the request id', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('waitlist', 'info', (line) => lines.push(line));
    runWithRequestId('req-42', () => logger.log('joined', 'WaitlistService'));
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'info',
      service: 'waitlist',
      requestId: 'req-42',
      msg: 'joined',
      context: 'WaitlistService',
    });
  });

  it('drops lines below the configured level', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('auth', 'warn', (line) => lines.push(line));
    logger.log('quiet');
    logger.warn('loud');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['loud']);
  });
});
