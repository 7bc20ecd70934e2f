import type { LoggerService } from '@nestjs/common';
import { currentRequestId } from './request-context.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON line per event on stdout, with the service name and the current request id. */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly minLevel: Level = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  log(message: unknown, ...rest: unknown[]) {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, rest);
  }

  /** Structured event: `logger.event('info', 'request', {method, url, status})`. */
  event(level: Level, msg: string, fields: Record<string, unknown> = {}) {
    if (RANK[level] < RANK[this.minLevel]) return;
    const requestId = currentRequestId();
    this.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level,
        service: this.service,
        ...(requestId ? { requestId } : {}),
        msg,
        ...fields,
      }),
    );
  }

  private emit(level: Level, message: unknown, rest: unknown[]) {
    // Nest passes the context (class name) as the last string argument.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (message instanceof Error) {
      fields.error = message.stack ?? message.message;
      message = message.message;
    }
    if (rest.length) fields.details = rest.map((r) => (r instanceof Error ? (r.stack ?? r.message) : r));
    this.event(level, typeof message === 'string' ? message : JSON.stringify(message), fields);
  }
}
