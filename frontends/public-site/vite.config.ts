import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { federationShared, remoteBase } from '../federation.shared.mjs';

/** Route modules the shell loads (frontends/shell/src/routes.tsx names them). */
const exposes = {
  './LandingPage': './src/pages/LandingPage.tsx',
  './AboutPage': './src/pages/AboutPage.tsx',
  './ComingSoonPage': './src/pages/ComingSoonPage.tsx',
  './PaycheckToPaycheckPage': './src/pages/PaycheckToPaycheckPage.tsx',
  './PrivacyPage': './src/pages/PrivacyPage.tsx',
  './TermsPage': './src/pages/TermsPage.tsx',
  './SecurityPage': './src/pages/SecurityPage.tsx',
  './DemoPage': './src/demo/DemoPage.tsx',
  './BlogListPage': './src/blog/BlogListPage.tsx',
  './BlogPostPage': './src/blog/BlogPostPage.tsx',
};

export default defineConfig({
  // The gateway serves this remote at /remotes/public-site/ (STACK.md: absolute base).
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
  build: { target: 'esnext' },
  server: { port: 5174, strictPort: true },
  preview: { port: 5174, strictPort: true },
});
