import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The page server (server/main.ts: /blog and posts rendered at request time) as one Node
// module with everything it imports bundled in, so its image needs no node_modules. Its own folder: dist/ is
// the remote that nginx serves to browsers, and this is not for them.
export default defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // React's production build only (its CommonJS entry picks by NODE_ENV at run time otherwise, bundling both).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'main.js', format: 'es' } },
  },
});
