import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationShared, remoteBase } from '../federation.shared.mjs';
import { exposes } from './exposes.mjs';

export default defineConfig({
  // The gateway serves this remote at /remotes/public-site/ (an absolute base: the shell loads its chunks from any page's URL).
  base: remoteBase('public-site'),
  plugins: [
    react(),
    federation({
      name: 'public-site',
      filename: 'remoteEntry.js',
      exposes,
      shared: federationShared,
      dts: false,
    }),
  ],
  // .vite/manifest.json: which chunks and stylesheets each exposed page needs, which the shell's prerendered
  // copies ask for at once (frontends/shell/scripts/prerender.mjs).
  build: { target: 'esnext', manifest: true },
  server: { port: 5174, strictPort: true },
  preview: { port: 5174, strictPort: true },
});
