import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/household/accept?token=abc', '/household/accept?token=abc'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
  ])('next=%j → %j', (next, expected) => expect(safeReturnPath(next, '/dashboard')).toBe(expected));
});
