import { AuthKitModule, defineService } from '@payday/nest-kit';
import { blogEnvSchema } from './config.js';
import { BlogItem } from './blog-item.entity.js';
import { BlogModule } from './blog.module.js';
import { migrations } from './migrations/index.js';

/** The blog service on the shared skeleton (main.ts, integration tests). */
export const serviceDefinition = defineService({
  name: 'blog',
  env: blogEnvSchema,
  database: { schema: 'blog', entities: [BlogItem], migrations },
  imports: (config) => [AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })), BlogModule],
});
