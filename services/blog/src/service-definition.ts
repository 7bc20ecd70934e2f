import { AuthKitModule, defineService, JobsModule } from '@paycadence/nest-kit';
import { blogEnvSchema } from './config.js';
import { ImagesModule } from './images/images.module.js';
import { migrations } from './migrations/index.js';
import { BlogPostEntity } from './posts/blog-post.entity.js';
import { PostsModule } from './posts/posts.module.js';

/**
 * The blog service on the shared skeleton (main.ts, integration tests): public posts, the blog admin's posts
 * and image uploads, and the images served back.
 */
export const serviceDefinition = defineService({
  name: 'blog',
  env: blogEnvSchema,
  database: { schema: 'blog', entities: [BlogPostEntity], migrations },
  // JSON posts of a few hundred KB; image uploads have their own limit (images/image-body-parser.ts).
  bodyLimit: 512 * 1024,
  imports: (config) => [
    AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
    // Producer only: audit events go to admin's `audit` queue, under admin's key prefix (as auth's do).
    JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: config.ADMIN_QUEUE_KEY_PREFIX })),
    PostsModule,
    ImagesModule,
  ],
});
