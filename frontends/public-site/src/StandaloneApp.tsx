import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useDocumentTitle } from '@paycadence/web-kit';
import type { ComponentType } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { BlogListPage } from './blog/BlogListPage';
import { BlogPostPage } from './blog/BlogPostPage';
import { AboutPage } from './pages/AboutPage';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { LandingPage } from './pages/LandingPage';
import { PaycheckToPaycheckPage } from './pages/PaycheckToPaycheckPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { SecurityPage } from './pages/SecurityPage';
import { TermsPage } from './pages/TermsPage';

const pages: Array<{ path: string; title: string | null; Page: ComponentType }> = [
  { path: '/', title: null, Page: LandingPage },
  { path: '/about', title: 'About', Page: AboutPage },
  { path: '/coming-soon', title: 'Coming Soon', Page: ComingSoonPage },
  { path: '/paycheck-to-paycheck', title: 'Living Paycheck to Paycheck', Page: PaycheckToPaycheckPage },
  { path: '/privacy', title: 'Privacy Policy', Page: PrivacyPage },
  { path: '/terms', title: 'Terms of Service', Page: TermsPage },
  { path: '/security', title: 'Security', Page: SecurityPage },
  { path: '/blog', title: 'Blog', Page: BlogListPage },
];

function Titled({ title, Page }: { title: string | null; Page: ComponentType }) {
  useDocumentTitle(title);
  return <Page />;
}

const queryClient = new QueryClient();

/** The remote on its own, with a bare page list instead of the shell's layout. */
export function StandaloneApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
          <nav className="pc-container pc-inline-links" aria-label="Public site pages" style={{ padding: 16 }}>
            {pages.map(({ path, title }) => (
              <Link key={path} to={path}>
                {title ?? 'Home'}
              </Link>
            ))}
          </nav>
          <main id="main-content">
            <Routes>
              {pages.map(({ path, title, Page }) => (
                <Route key={path} path={path} element={<Titled title={title} Page={Page} />} />
              ))}
              <Route path="/blog/:slug" element={<Titled title="Blog" Page={BlogPostPage} />} />
            </Routes>
          </main>
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
