import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationShared } from '../federation.shared.mjs';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    federation({
      name: 'shell',
      // No build-time remotes: they come from /remotes-manifest.json at run time (src/remotes/remote-loader.ts),
      // so a remote can be redeployed without rebuilding the shell. The empty map still marks this as a host.
      remotes: {},
      shared: federationShared,
      dts: false,
    }),
  ],
  // .vite/manifest.json: the chunks and stylesheet of the app's bootstrap, which the prerendered copies ask for
  // at once (scripts/prerender.mjs).
  build: { target: 'esnext', manifest: true },
  server: {
    port: 5173,
    strictPort: true,
    // Local development without the gateway: remotes from their own dev servers, API from the gateway.
    proxy: {
      '/remotes/public-site': 'http://localhost:5174',
      '/api': 'http://localhost:8080',
    },
  },
});
