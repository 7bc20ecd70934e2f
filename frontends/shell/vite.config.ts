import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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
    // The installable app's service worker (docs/installable-app.md): src/pwa/sw.ts built to /sw.js with the list of
    // this build's files to keep. The manifest is public/manifest.webmanifest; the app registers the worker itself
    // (src/pwa/UpdateNotice.tsx) so a new version waits for the person's word.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The prerendered copies are written after this build and are kept as pages are visited instead.
        globIgnores: ['prerendered/**'],
      },
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
