import { describe, expect, it } from 'vitest';
import { declaresAtMost } from './oversize-body.js';

describe('declaresAtMost', () => {
  it('accepts a declared length up to the bound', () => {
    expect(declaresAtMost('0', 10)).toBe(true);
    expect(declaresAtMost('10', 10)).toBe(true);
  });

  it('refuses a longer, missing, repeated or malformed length', () => {
    expect(declaresAtMost('11', 10)).toBe(false);
    expect(declaresAtMost(undefined, 10)).toBe(false);
    expect(declaresAtMost(['5', '5'], 10)).toBe(false);
    expect(declaresAtMost('5x', 10)).toBe(false);
    expect(declaresAtMost('-1', 10)).toBe(false);
    expect(declaresAtMost('1'.repeat(40), 10)).toBe(false);
  });
});
