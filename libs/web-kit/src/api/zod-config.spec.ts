import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod under the CSP', () => {
  it("web-kit's entry turns zod's eval probe off before anything parses", async () => {
    await import('../index.js');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
