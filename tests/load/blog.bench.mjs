// The public blog's reads on the blog service with its seeded posts: the list, the featured
// list, one post by slug, and one uploaded image (200 KiB PNG from the database store), 50 connections, 10 s
// each. Reports requests per second and the median (p50) and p99 latency of each. Then the pages public-site's
// page server renders from them: /blog and one post, each asking this blog service per request.
// Run with `node tests/load/blog.bench.mjs` (or `npm run bench`). Writes tests/load/results/blog.json.
//
// Starts the built blog service on its own (NODE_ENV=production) against a throwaway database and a random Redis
// key prefix; the admin token for the upload comes from nest-kit's test key set (the service's AUTH_JWKS_URL
// points at it), so auth is not needed.
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, runAutocannon, writeResults } from './bench-kit.mjs';
import { startGateway } from '@paycadence/dev-gateway';
import { runCommand } from '../../tools/lib/processes.mjs';
import { benchRedisPrefix, buildService, startBenchInfrastructure, startServiceProcess } from './support/service-process.mjs';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const IMAGE_BYTES = 200 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The built blog service in its own process, images in the database store, tokens from the test key set. */
function startBlog({ databaseUrl, redisUrl, jwksUrl }) {
  return startServiceProcess({
    name: 'blog',
    env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: benchRedisPrefix('blog'), AUTH_JWKS_URL: jwksUrl, BLOG_IMAGE_STORAGE: 'database' },
  });
}

/**
 * public-site's page server (its build, and the shell's prerendered copies it fills, here served by the dev
 * gateway as `npm start` does) reading from `blogUrl`.
 */
async function startPageServer(blogUrl) {
  const build = await runCommand('npx', ['nx', 'run-many', '-t', 'build', '-p', 'public-site', 'shell'], { quiet: true });
  if (build.code !== 0) throw new Error(`building public-site and the shell failed:\n${build.output}`);
  const shell = await startGateway({ port: 0, host: '127.0.0.1', kongFile: join(REPO_ROOT, 'gateway/kong.yml'), frontendsDir: join(REPO_ROOT, 'frontends') });
  const pages = await startServiceProcess({
    name: 'public-site-pages',
    script: join(REPO_ROOT, 'frontends/public-site/dist-server/main.js'),
    cwd: join(REPO_ROOT, 'frontends/public-site'),
    env: { BLOG_URL: blogUrl, SHELL_URL: `http://127.0.0.1:${shell.port}` },
  });
  return { url: pages.url, stop: async () => (await pages.stop(), await shell.close()) };
}

async function uploadImage(url, token) {
  const bytes = Buffer.concat([PNG_SIGNATURE, randomBytes(IMAGE_BYTES - PNG_SIGNATURE.length)]);
  const response = await fetch(`${url}/api/blog/admin/images`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', 'x-file-name': 'bench.png', authorization: `Bearer ${token}` },
    body: bytes,
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`Upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.url;
}

export async function runBlogBench() {
  await buildService('blog');
  const infra = await startBenchInfrastructure('blogbench');
  const { startTestAuth } = await import(pathToFileURL(join(REPO_ROOT, 'libs/nest-kit/dist/testing/index.js')).href);
  const auth = await startTestAuth();
  let blog;
  let pages;
  try {
    blog = await startBlog({ databaseUrl: infra.databaseUrl, redisUrl: infra.redisUrl, jwksUrl: auth.jwksUrl });
    const admin = await auth.user('admin');
    const imageUrl = await uploadImage(blog.url, admin.token);
    const { posts } = await (await fetch(`${blog.url}/api/blog/posts`)).json();
    if (!posts?.length) throw new Error('The blog answered no seeded posts');
    const slug = posts[0].slug;
    pages = await startPageServer(blog.url);

    const cases = [
      { name: 'list', path: '/api/blog/posts' },
      { name: 'featured', path: '/api/blog/posts?featured=true' },
      { name: 'post by slug', path: `/api/blog/posts/${slug}` },
      { name: 'image (200 KiB)', path: imageUrl },
      { name: 'page /blog', path: '/blog', url: pages.url },
      { name: 'page: one post', path: `/blog/${slug}`, url: pages.url },
    ];
    console.log(`\nBenchmark: blog service direct, ${posts.length} seeded posts, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after a 2 s warm-up, ${cpus().length} CPU(s)`);
    const results = {};
    for (const { name, path, url = blog.url } of cases) {
      const result = await runAutocannon({ url, path, headers: { 'accept-encoding': 'gzip, deflate, br' }, connections: CONNECTIONS, duration: DURATION_SECONDS });
      results[name] = { path, ...result };
      console.log(
        `  ${name.padEnd(16)} ${String(result.requestsPerSecond).padStart(8)} req/s   p50 ${String(result.p50Ms).padStart(4)} ms   p99 ${String(result.p99Ms).padStart(4)} ms   errors ${result.errors}   non-2xx ${result.non2xx}`,
      );
    }
    const path = writeResults('blog.json', {
      seededPosts: posts.length,
      imageBytes: IMAGE_BYTES,
      imageStorage: 'database',
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      results,
    });
    console.log(`\nResults written to ${path}`);
    return results;
  } finally {
    await pages?.stop();
    await blog?.stop();
    await auth.close();
    await infra.stop();
  }
}

await runBlogBench();
