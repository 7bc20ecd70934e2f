import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptRequestId, currentRequestId, REQUEST_ID_PATTERN, runWithRequestId } from './request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('acceptRequestId (X-Request-ID)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a well-formed id: a UUID, a Kong or nginx id, up to 128 characters', () => {
    for (const id of ['3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b', 'kong-1', 'a1b2c3d4e5f60718', 'svc.gw:42_x', 'x'.repeat(128)]) {
      expect(acceptRequestId(id)).toBe(id);
    }
  });

  it('replaces anything else with a fresh UUID: empty, too long, spaces, quotes, control characters, several values', () => {
    const bad = ['', 'x'.repeat(129), 'two words', 'a"b', '{"level":"error"}', 'id\nforged log line', 'id\u0000', 'é', '<script>'];
    for (const id of bad) expect(acceptRequestId(id)).toMatch(UUID);
    expect(acceptRequestId(['a', 'b'])).toMatch(UUID);
    expect(acceptRequestId(undefined)).toMatch(UUID);
    // Each replacement is its own id.
    expect(acceptRequestId('bad id')).not.toBe(acceptRequestId('bad id'));
  });

  it('never hands a long value to the pattern (the length check comes first)', () => {
    const test = vi.spyOn(REQUEST_ID_PATTERN, 'test');
    expect(acceptRequestId('a'.repeat(64 * 1024))).toMatch(UUID);
    expect(test).not.toHaveBeenCalled();
  });

  it('is what the log lines of the request carry', () => {
    const id = acceptRequestId('bad\r\nid');
    expect(runWithRequestId(id, () => currentRequestId())).toBe(id);
    expect(id).not.toContain('bad');
  });
});
