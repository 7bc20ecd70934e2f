import { createPageServer } from './page-server';

// The page server's process (built to dist-server/main.js). PORT and HOST as every service; BLOG_URL the blog
// service's origin; SHELL_URL the shell's, whose prerendered copies it fills (the gateway's own URL on a
// developer's machine, where the gateway serves the shell).
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const blogUrl = process.env.BLOG_URL ?? 'http://blog:3000';
const shellUrl = process.env.SHELL_URL ?? 'http://shell:8080';

const server = createPageServer({ blogUrl, shellUrl });
server.listen(port, host, () => console.log(`public-site page server on http://${host}:${port} (blog at ${blogUrl}, shell at ${shellUrl})`));

// Kubernetes and the launcher stop it with SIGTERM: finish the pages in flight, then exit.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
