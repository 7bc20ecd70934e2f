import { describe, expect, it } from 'vitest';
import { parseKongConfig } from '../src/kong-config.mjs';
import { createRouteMatcher } from '../src/route-matcher.mjs';

const config = parseKongConfig(`
services:
  - name: auth
    routes:
      - { name: a, paths: [/api/auth, /api/mfa], strip_path: false }
      - { name: posts, paths: ["~/api/users/[^/]+/posts"], methods: [GET], strip_path: false }
  - name: remote
    routes:
      - { name: r, paths: [/remotes/x/] }
  - name: shell
    routes:
      - { name: s, paths: [/], strip_path: false }
plugins:
  - name: rate-limiting
    config: { second: 5 }
`);
const match = createRouteMatcher(config.services);

describe('route matcher', () => {
  it('prefers the longest prefix and falls back to /', () => {
    expect(match('/api/mfa/verify', 'POST').service.name).toBe('auth');
    expect(match('/api/other', 'GET').service.name).toBe('shell');
  });

  it('strips the matched prefix by default (Kong strip_path defaults to true)', () => {
    expect(match('/remotes/x/remoteEntry.js', 'GET').upstreamPath).toBe('/remoteEntry.js');
    expect(match('/remotes/x/', 'GET').upstreamPath).toBe('/');
  });

  it('tries regex paths first and honours methods', () => {
    expect(match('/api/users/42/posts', 'GET').route.name).toBe('posts');
    expect(match('/api/users/42/posts', 'POST').service.name).toBe('shell');
  });

  it('gives every service the global plugins unless it configures its own', () => {
    expect(config.services[0].plugins).toEqual([{ name: 'rate-limiting', config: { second: 5 }, scope: 'global' }]);
  });
});
