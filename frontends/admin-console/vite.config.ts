import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationShared, remoteBase } from '../federation.shared.mjs';

/** Route modules the shell may load (point a route of frontends/shell/src/routes.tsx at one to show it). */
const exposes = {
  './AdminManagementPage': './src/pages/AdminManagementPage.tsx',
  './AdminWaitlistPage': './src/pages/AdminWaitlistPage.tsx',
  './UserManagementPage': './src/pages/UserManagementPage.tsx',
  './SystemLogsPage': './src/pages/SystemLogsPage.tsx',
  './BlogAdminPage': './src/pages/BlogAdminPage.tsx',
};

// The admin-console remote: served by the gateway under /remotes/admin-console/,
// loaded by the shell through remoteEntry.js, and runnable on its own through index.html.
export default defineConfig({
  // An absolute base, the remote's path on the gateway: the shell loads its chunks from any page's URL.
  base: remoteBase('admin-console'),
  plugins: [
    react(),
    federation({
      name: 'admin-console',
      filename: 'remoteEntry.js',
      exposes,
      // the ONE shared map (docs/conventions.md §9): one React, router, query client and web-kit with the shell
      shared: federationShared,
      // Type generation is off for remotes: the shell imports them through RemoteRef, not their types.
      dts: false,
    }),
  ],
  build: { target: 'esnext' },
  server: { port: 5176, strictPort: true },
  preview: { port: 5176, strictPort: true },
});
