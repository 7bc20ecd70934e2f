/**
 * The route modules the shell loads from this remote (frontends/shell/src/routes.tsx names them), by exposed
 * name. vite.config.ts exposes them through module federation; the shell's build imports the same files when
 * it renders the public pages on Node (frontends/shell/scripts/prerender.mjs), so both stay one list.
 */
export const exposes = {
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
