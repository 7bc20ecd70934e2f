import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BLOG_IMAGE_LIMITS, BLOG_MESSAGES, type BlogPost } from '@paycadence/contracts';
import { createServiceApp } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { BlogConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { auditJobs, fetchImage, IMAGE_BYTES, imageUploadThatKeepsSending, postInput, upload } from './blog-fixtures.js';

// Uploads and serving with the default store (the database), as two replicas on one database.
let h: ServiceHarness<BlogConfig>;
let replica: NestFastifyApplication;
let replicaUrl: string;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/blog', callAs: 'admin' });
  // A second instance of the service on the same schema: what another pod behind the gateway is.
  replica = await createServiceApp(serviceDefinition, { config: h.config, clock: h.clock, databaseSchema: h.schema });
  await replica.listen({ port: 0, host: '127.0.0.1' });
  replicaUrl = await replica.getUrl();
});
afterAll(async () => {
  await replica?.close();
  await h?.close();
});
beforeEach(() => h.truncate());

const URL_SHAPE = /^\/api\/blog\/images\/[A-Za-z0-9_-]{24}\.(png|jpg|webp|gif)$/;

describe('POST /api/blog/admin/images', () => {
  it.each([
    ['png', 'image/png', 'cover.png', 'png'],
    ['jpeg', 'image/jpeg', 'Photo.JPEG', 'jpg'],
    ['webp', 'image/webp', 'hero.webp', 'webp'],
    ['gif', 'application/octet-stream', undefined, 'gif'],
  ] as const)('stores a %s under a random name with its type’s extension (201 {url})', async (kind, contentType, fileName, extension) => {
    const response = await upload(h, IMAGE_BYTES[kind], { contentType, fileName });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ url: expect.stringMatching(URL_SHAPE) });
    expect(response.body.url.endsWith(`.${extension}`)).toBe(true);
    const again = await upload(h, IMAGE_BYTES[kind], { contentType, fileName });
    expect(again.body.url).not.toBe(response.body.url);
  });

  it('serves the uploaded bytes back with long cache headers, nosniff and a locked-down CSP, from either replica', async () => {
    const { body } = await upload(h, IMAGE_BYTES.png, { fileName: 'cover.png' });
    for (const baseUrl of [h.baseUrl, replicaUrl]) {
      const image = await fetchImage(baseUrl, body.url);
      expect(image.status).toBe(200);
      expect(image.bytes.equals(IMAGE_BYTES.png)).toBe(true);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('content-security-policy')).toBe("default-src 'none'");
      const etag = image.headers.get('etag')!;
      // The name is the image's identity (random, never reused), so it is the validator too.
      expect(etag).toBe(`"${body.url.split('/').pop()}"`);
      expect((await fetchImage(baseUrl, body.url, { 'if-none-match': etag })).status).toBe(304);
    }
  });

  it('accepts an image of exactly the size limit and refuses one byte more with 413 and the size message', async () => {
    const atLimit = Buffer.concat([IMAGE_BYTES.png, Buffer.alloc(BLOG_IMAGE_LIMITS.maxBytes - IMAGE_BYTES.png.length)]);
    expect((await upload(h, atLimit)).status).toBe(201);
    const over = await upload(h, Buffer.concat([atLimit, Buffer.from([0])]));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: BLOG_MESSAGES.imageTooLarge(5) });
  });

  it.each([
    ['an SVG named .png', IMAGE_BYTES.svg, 'image/png', 'logo.png'],
    ['an SVG sent as SVG', IMAGE_BYTES.svg, 'image/svg+xml', 'logo.svg'],
    ['an HTML page named .png', IMAGE_BYTES.html, 'image/png', 'page.png'],
    ['plain text as bytes', Buffer.from('hello'), 'application/octet-stream', undefined],
  ])('refuses %s with 415: the bytes decide, not the name', async (_label, bytes, contentType, fileName) => {
    const response = await upload(h, bytes, { contentType, fileName });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: BLOG_MESSAGES.imageUnsupported });
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".images`)).rows[0].n).toBe(0);
  });

  it.each([
    ['a PNG named .gif', IMAGE_BYTES.png, 'cover.gif'],
    ['a JPEG named .png', IMAGE_BYTES.jpeg, 'photo.png'],
    ['a GIF named .html', IMAGE_BYTES.gif, 'anim.html'],
    ['a PNG named without an extension', IMAGE_BYTES.png, 'cover'],
  ])('refuses %s with 400: the name must agree with the bytes', async (_label, bytes, fileName) => {
    const response = await upload(h, bytes, { fileName });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: BLOG_MESSAGES.imageMislabelled });
  });

  it('refuses an empty body with 400, and a JSON body with 415', async () => {
    const empty = await upload(h, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: BLOG_MESSAGES.imageMissing });
    const json = await upload(h, Buffer.from('{"url":"x"}'), { contentType: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ message: BLOG_MESSAGES.imageUnsupported });
  });

  it('is for admins only: 401 without a token, 403 for a user, nothing stored', async () => {
    expect((await upload(h, IMAGE_BYTES.png, { token: null })).status).toBe(401);
    expect((await upload(h, IMAGE_BYTES.png, { token: h.userA.token })).status).toBe(403);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".images`)).rows[0].n).toBe(0);
  });

  it.each([
    ['no token', 401, () => null],
    ["a user's token", 403, () => h.userA.token],
    ['a token signed by an unknown key', 401, () => 'not-a-valid-token'],
  ] as const)('answers %s with %i before reading the body, and closes the connection', async (_label, status, token) => {
    const answer = await imageUploadThatKeepsSending(h, { token: token() });
    expect(answer.status).toBe(status);
    expect(answer.answeredWhileSending).toBe(true);
    // The route guard's own answer, as every other admin route gives it.
    expect(answer.body).toEqual((await h.call('GET', '/admin/posts', { token: token() })).body);
    expect(answer.headers.connection).toBe('close');
    await answer.closed;
  });

  it("answers an admin's declared length over the limit with 413 before reading the body", async () => {
    const answer = await imageUploadThatKeepsSending(h, { token: h.admin.token, declaredLength: BLOG_IMAGE_LIMITS.maxBytes + 1 });
    expect(answer.status).toBe(413);
    expect(answer.answeredWhileSending).toBe(true);
    expect(answer.body).toEqual({ message: BLOG_MESSAGES.imageTooLarge(5) });
  });

  it('does not take image bodies on any other route (415)', async () => {
    const response = await fetch(`${h.baseUrl}/api/blog/admin/posts`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${h.admin.token}` },
      body: IMAGE_BYTES.png,
    });
    expect(response.status).toBe(415);
  });

  it("records the upload as a record-audit job on admin's queue", async () => {
    const { body } = await upload(h, IMAGE_BYTES.gif, { contentType: 'image/gif' });
    const jobs = (await auditJobs(h, 1)).filter((job) => job.details.url === body.url);
    expect(jobs).toEqual([expect.objectContaining({ kind: 'blog.image-uploaded', actor: expect.objectContaining({ id: h.admin.id }) })]);
    expect(jobs[0].details).toMatchObject({ contentType: 'image/gif', bytes: IMAGE_BYTES.gif.length });
  });
});

describe('an uploaded image no post shows any more', () => {
  const savePost = async (imageUrl: string, slug: string) => {
    const response = await h.call('POST', '/admin/posts', { body: postInput({ slug, title: slug, image_url: imageUrl }) });
    expect(response.status).toBe(201);
    return response.body as BlogPost;
  };
  // Through the instance that deletes: the other replica may serve its memory copy for IMAGE_CACHE_MAX_AGE_MS.
  const served = async (url: string) => (await fetchImage(h.baseUrl, url)).status;

  it('is removed when its last post is deleted or given another image, and kept while any post shows it', async () => {
    const shared = (await upload(h, IMAGE_BYTES.png, { fileName: 'cover.png' })).body.url as string;
    const first = await savePost(shared, 'first-post');
    const second = await savePost(shared, 'second-post');

    expect((await h.call('DELETE', `/admin/posts/${first.id}`)).status).toBe(204);
    expect(await served(shared)).toBe(200); // the second post still shows it

    const next = (await upload(h, IMAGE_BYTES.jpeg, { contentType: 'image/jpeg' })).body.url as string;
    const edited = await h.call('PUT', `/admin/posts/${second.id}`, { body: { ...second, image_url: next } });
    expect(edited.status).toBe(200);
    expect(await served(shared)).toBe(404);
    expect(await served(next)).toBe(200);

    // Saved again with the same image: nothing is released.
    const again = await h.call('PUT', `/admin/posts/${second.id}`, { body: { ...edited.body, title: 'Renamed' } });
    expect(again.status).toBe(200);
    expect(await served(next)).toBe(200);

    expect((await h.call('DELETE', `/admin/posts/${second.id}`)).status).toBe(204);
    expect(await served(next)).toBe(404);
  });

  it('leaves an outside image address alone and a post without an image deletes as before', async () => {
    const kept = (await upload(h, IMAGE_BYTES.webp, { contentType: 'image/webp' })).body.url as string;
    const outside = await savePost('https://images.example.com/cover.png', 'outside-image');
    expect((await h.call('DELETE', `/admin/posts/${outside.id}`)).status).toBe(204);
    const plain = await h.call('POST', '/admin/posts', { body: postInput({ slug: 'no-image', title: 'No image' }) });
    expect((await h.call('DELETE', `/admin/posts/${plain.body.id}`)).status).toBe(204);
    expect(await served(kept)).toBe(200); // uploaded but never used by these posts: not theirs to remove
  });
});

describe('GET /api/blog/images/{name}', () => {
  it.each(['AAAAAAAAAAAAAAAAAAAAAAAA.png', 'not-an-image-name', '..%2F..%2Fetc%2Fpasswd', 'AAAAAAAAAAAAAAAAAAAAAAAA.svg'])(
    'answers %s with 404 and the message',
    async (name) => {
      const response = await fetchImage(h.baseUrl, `/api/blog/images/${name}`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.bytes.toString())).toEqual({ message: BLOG_MESSAGES.imageNotFound });
    },
  );
});

describe('BLOG_IMAGE_STORAGE=disk', () => {
  let disk: ServiceHarness<BlogConfig>;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'blog-images-'));
    disk = await startServiceHarness(serviceDefinition, { env: { BLOG_IMAGE_STORAGE: 'disk', BLOG_IMAGE_DIR: directory } });
  });
  afterAll(async () => {
    await disk?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('writes the image as one file named like its url, and serves it back', async () => {
    const { status, body } = await upload(disk, IMAGE_BYTES.webp, { contentType: 'image/webp', fileName: 'hero.webp' });
    expect(status).toBe(201);
    const name = body.url.split('/').pop();
    expect(await readdir(directory)).toEqual([name]);
    expect((await readFile(join(directory, name))).equals(IMAGE_BYTES.webp)).toBe(true);
    const image = await fetchImage(disk.baseUrl, body.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.bytes.equals(IMAGE_BYTES.webp)).toBe(true);
    expect((await disk.db.query(`SELECT count(*)::int AS n FROM "${disk.schema}".images`)).rows[0].n).toBe(0);
  });
});
