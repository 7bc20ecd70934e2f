import { createServiceApp } from '@payday/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@payday/nest-kit/testing';
import type { BlogConfig } from '../src/config.js';
import { SEED_POSTS } from '../src/seed/seed-posts.js';
import { serviceDefinition } from '../src/service-definition.js';

// A new install: the seeded posts are there after the first start, and only once.
let h: ServiceHarness<BlogConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/blog', callAs: 'admin' });
});
afterAll(async () => {
  await h?.close();
});

const byDateDesc = [...SEED_POSTS].sort((a, b) => (b.publish_date ?? '').localeCompare(a.publish_date ?? ''));

describe('seeded posts', () => {
  it('a new install has a blog: every seed published, newest first, the featured ones featured, each readable by slug', async () => {
    const list = await h.call('GET', '/posts', { token: null });
    expect(list.body.posts.map((post: { slug: string }) => post.slug)).toEqual(byDateDesc.map((post) => post.slug));
    const featured = await h.call('GET', '/posts?featured=true', { token: null });
    expect(featured.body.posts.map((post: { slug: string }) => post.slug)).toEqual(byDateDesc.filter((post) => post.featured).map((post) => post.slug));
    for (const seed of SEED_POSTS) {
      const post = await h.call('GET', `/posts/${seed.slug}`, { token: null });
      expect(post.status).toBe(200);
      expect(post.body.content).toEqual(seed.content);
    }
  });

  it('a seed the admin deletes stays deleted when the service starts again; a second instance starting adds nothing', async () => {
    const [first] = (await h.call('GET', '/admin/posts')).body.posts;
    expect((await h.call('DELETE', `/admin/posts/${first.id}`)).status).toBe(204);

    const restarted = await Promise.all(
      [1, 2].map(() => createServiceApp(serviceDefinition, { config: h.config, clock: h.clock, databaseSchema: h.schema })),
    );
    await Promise.all(restarted.map((app) => app.init()));
    await Promise.all(restarted.map((app) => app.close()));

    const slugs = (await h.call('GET', '/admin/posts')).body.posts.map((post: { slug: string }) => post.slug);
    expect(slugs).toHaveLength(SEED_POSTS.length - 1);
    expect(slugs).not.toContain(first.slug);
  });
});
