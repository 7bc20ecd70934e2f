import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPageServer } from './page-server';

// The page server's process (built to dist-server/main.js). PORT and HOST as every service; BLOG_URL the blog
// service's origin; PRERENDERED_DIR the shell's prerendered copies (beside the bundle in its image, the shell's
// build folder on a developer's machine).
const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const blogUrl = process.env.BLOG_URL ?? 'http://blog:3000';
const copiesDir = process.env.PRERENDERED_DIR ?? resolve(here, '../../shell/dist/prerendered');

const server = createPageServer({ blogUrl, copiesDir });
server.listen(port, host, () => console.log(`public-site page server on http://${host}:${port} (blog at ${blogUrl}, copies in ${copiesDir})`));

// Kubernetes and the launcher stop it with SIGTERM: finish the pages in flight, then exit.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
