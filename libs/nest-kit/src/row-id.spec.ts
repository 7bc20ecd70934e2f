import { describe, expect, it } from 'vitest';
import { isRowId } from './row-id.js';

describe('isRowId', () => {
  it('accepts a UUID in either case', () => {
    expect(isRowId('3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b')).toBe(true);
    expect(isRowId('3F2B8C1E-9A4D-4E2F-8B1A-0C9D8E7F6A5B')).toBe(true);
  });

  it('refuses anything a uuid column would fail to cast', () => {
    for (const id of ['', '42', 'not-a-uuid', '3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5', '3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b ', "1' OR '1'='1"]) {
      expect(isRowId(id)).toBe(false);
    }
  });
});
