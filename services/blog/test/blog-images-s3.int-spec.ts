import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import S3rver from 's3rver';
import type { BlogConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { S3ImageStore } from '../src/images/s3-image-store.js';
import { fetchImage, IMAGE_BYTES, upload } from './blog-fixtures.js';

// BLOG_IMAGE_STORAGE=s3 against a real S3-compatible server (s3rver, in this process), through the AWS SDK.
const BUCKET = 'blog-images';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let endpoint: string;
let directory: string;
let h: ServiceHarness<BlogConfig>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  h = await startServiceHarness(serviceDefinition, {
    env: {
      BLOG_IMAGE_STORAGE: 's3',
      BLOG_S3_ENDPOINT: endpoint,
      BLOG_S3_BUCKET: BUCKET,
      BLOG_S3_REGION: 'us-east-1',
      BLOG_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      BLOG_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      BLOG_S3_FORCE_PATH_STYLE: 'true',
      BLOG_S3_PREFIX: 'uploads/',
    },
  });
});
afterAll(async () => {
  await h?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('BLOG_IMAGE_STORAGE=s3', () => {
  it('puts the image in the bucket under the prefix with its content type, and serves it back', async () => {
    const { status, body } = await upload(h, IMAGE_BYTES.jpeg, { contentType: 'image/jpeg', fileName: 'photo.jpg' });
    expect(status).toBe(201);
    const name = body.url.split('/').pop();

    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `uploads/${name}` }));
    expect(object.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(IMAGE_BYTES.jpeg)).toBe(true);
    client.destroy();

    const image = await fetchImage(h.baseUrl, body.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.bytes.equals(IMAGE_BYTES.jpeg)).toBe(true);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".images`)).rows[0].n).toBe(0);
  });

  it('answers a name the bucket does not hold with 404', async () => {
    expect((await fetchImage(h.baseUrl, '/api/blog/images/AAAAAAAAAAAAAAAAAAAAAAAA.jpg')).status).toBe(404);
  });

  it('deletes an object (the store adapter), after which get finds nothing', async () => {
    const store = new S3ImageStore({ endpoint, bucket: BUCKET, forcePathStyle: true, ...CREDENTIALS });
    await store.put('BBBBBBBBBBBBBBBBBBBBBBBB.gif', { bytes: IMAGE_BYTES.gif, contentType: 'image/gif' });
    expect((await store.get('BBBBBBBBBBBBBBBBBBBBBBBB.gif'))?.bytes.equals(IMAGE_BYTES.gif)).toBe(true);
    await store.delete('BBBBBBBBBBBBBBBBBBBBBBBB.gif');
    expect(await store.get('BBBBBBBBBBBBBBBBBBBBBBBB.gif')).toBeNull();
    store.close();
  });
});
