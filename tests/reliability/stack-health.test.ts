import { describe, expect, it } from 'vitest';
import { gatewayUrl, serviceUrls } from './support/stack';

// The other files assume every service of kong.yml is up; this says so plainly when one is not.
describe('the stack under test', () => {
  it('answers through the gateway and straight at every service', async () => {
    const urls = serviceUrls();
    expect(Object.keys(urls).sort()).toEqual(expect.arrayContaining(['admin', 'auth', 'bank-sync', 'blog', 'finance', 'household', 'waitlist']));
    for (const [name, url] of Object.entries(urls)) {
      const response = await fetch(`${url}/health`);
      expect(response.status, `${name} /health`).toBe(200);
    }
    expect((await fetch(`${gatewayUrl()}/api/blog/posts`)).status).toBe(200);
  });
});
