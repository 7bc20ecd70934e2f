import { createServiceApp } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import pg from 'pg';
import type { QueryRunner } from 'typeorm';
import type { BlogConfig } from '../src/config.js';
import { SeedBlogPosts1795800000001 } from '../src/migrations/1795800000001-seed-blog-posts.js';
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

describe('seeded dates on a database whose sessions are not in UTC', () => {
  it('stores each publish date as that day at 00:00 UTC, so every reader sees the day the seed names', async () => {
    // The seed migration's own SQL in a session at UTC+13 (Auckland in January), into a temporary copy of the
    // table (pg_temp comes first on the search path), so nothing outside this session is touched.
    const client = new pg.Client({ connectionString: h.config.DATABASE_URL, options: '-c TimeZone=Pacific/Auckland' });
    await client.connect();
    try {
      await client.query(`CREATE TEMP TABLE blog_posts (LIKE "${h.schema}".blog_posts INCLUDING ALL)`);
      await new SeedBlogPosts1795800000001().up({ query: (sql: string, parameters: unknown[]) => client.query(sql, parameters) } as unknown as QueryRunner);
      const { rows } = await client.query<{ slug: string; publish_date: Date; created_at: Date }>('SELECT slug, publish_date, created_at FROM pg_temp.blog_posts');
      expect(rows).toHaveLength(SEED_POSTS.length);
      for (const seed of SEED_POSTS) {
        const row = rows.find((candidate) => candidate.slug === seed.slug)!;
        expect(row.publish_date.toISOString()).toBe(`${seed.publish_date}T00:00:00.000Z`);
        expect(row.created_at.toISOString()).toBe(`${seed.publish_date}T00:00:00.000Z`);
      }
    } finally {
      await client.end();
    }
  });
});
