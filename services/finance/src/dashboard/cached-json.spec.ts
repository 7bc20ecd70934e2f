import { gunzipSync } from 'node:zlib';
import { acceptsGzip, CachedJson } from './cached-json.js';

describe('CachedJson', () => {
  it('gzips the text once and gives back the same bytes', () => {
    const body = new CachedJson(JSON.stringify({ bills: Array.from({ length: 50 }, (_, i) => ({ name: `Bill ${i}` })) }));
    const first = body.gzipped();
    expect(body.gzipped()).toBe(first);
    expect(gunzipSync(first).toString('utf8')).toBe(body.text);
    expect(first.length).toBeLessThan(body.text.length);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
