import type { AuthUser } from '@paycadence/contracts';
import { AuthProvider } from '@paycadence/web-kit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { Footer } from './layout/Footer';
import { appRoutes } from './routes';

const loader = vi.hoisted(() => ({
  loadRemoteComponent: vi.fn(),
  cachedRemoteComponent: vi.fn(() => undefined),
}));
vi.mock('./remotes/remote-loader', () => loader);

function FakeRemotePage() {
  return <h1>Remote page</h1>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  loader.loadRemoteComponent.mockReset();
  loader.loadRemoteComponent.mockResolvedValue(FakeRemotePage);
});

describe('route table', () => {
  // docs/product/accounts.md §2 route table and guarded routes.
  const specPaths = [
    '/', '/original', '/about', '/blog', '/blog/:slug', '/demo', '/login', '/admin-login', '/admin', '/dev-login',
    '/register', '/signup', '/dev-register', '/forgot-password', '/reset-password', '/coming-soon', '/privacy',
    '/terms', '/security', '/paycheck-to-paycheck', '/dashboard', '/finances', '/user-dashboard', '/simple-dashboard',
    '/blog-admin', '/admin/*', '/settings', '/profile', '/connected-accounts', '/household', '/planner',
  ];

  it('has every route of docs/product exactly once', () => {
    const paths = appRoutes.map((route) => route.path);
    for (const path of specPaths) expect(paths).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('serves the public pages from the public-site remote', () => {
    const remote = (path: string) => appRoutes.find((route) => route.path === path)?.remote;
    expect(remote('/')).toEqual({ name: 'public-site', module: './LandingPage' });
    expect(remote('/privacy')).toEqual({ name: 'public-site', module: './PrivacyPage' });
    expect(remote('/coming-soon')).toEqual({ name: 'public-site', module: './ComingSoonPage' });
  });
});

describe('App', () => {
  it('renders a remote page inside the layout with skip link, header and footer', async () => {
    renderAt('/about');
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).toHaveBeenCalledWith({ name: 'public-site', module: './AboutPage' }, { retry: false });
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
    expect(document.querySelector('main#main-content')).not.toBeNull();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Blog' })[0].getAttribute('href')).toBe('/blog');
    expect(within(header).getAllByRole('link', { name: 'About' })[0].getAttribute('href')).toBe('/about');
    expect(within(header).getAllByRole('link', { name: 'Sign In' })[0].getAttribute('href')).toBe('/login');
    expect(within(header).getAllByRole('link', { name: 'Join Waitlist' })[0].getAttribute('href')).toBe('/#waitlist');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About | PayCadence'));
  });

  it('loads the blog from the public-site remote and the blog admin from the admin-console remote', async () => {
    renderAt('/blog');
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).toHaveBeenCalledWith({ name: 'public-site', module: './BlogListPage' }, { retry: false });
    await waitFor(() => expect(document.title).toBe('Blog | PayCadence'));
    expect(appRoutes.find((route) => route.path === '/blog/:slug')?.remote).toEqual({ name: 'public-site', module: './BlogPostPage' });
    expect(appRoutes.find((route) => route.path === '/blog-admin')?.remote).toEqual({ name: 'admin-console', module: './BlogAdminPage' });
  });

  it('sends signed-out visitors of guarded pages to /admin-login, and of the dashboard to /login', async () => {
    localStorage.clear();
    renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const guarded = appRoutes.filter((route) => route.guard === '/admin-login').map((route) => route.path);
    expect(guarded.sort()).toEqual(
      ['/settings', '/profile', '/connected-accounts', '/household', '/planner', '/blog-admin', '/admin/*', '/user-dashboard', '/simple-dashboard'].sort(),
    );
    expect(appRoutes.find((route) => route.path === '/dashboard')).toMatchObject({
      guard: '/login',
      remote: { name: 'dashboard', module: './DashboardPage' },
    });
    expect(appRoutes.find((route) => route.path === '/finances')?.guard).toBe('/login');
    expect(appRoutes.find((route) => route.path === '/connected-accounts')?.remote).toEqual({ name: 'connected-accounts', module: './ConnectedAccountsPage' });
    expect(appRoutes.find((route) => route.path === '/demo')?.remote).toEqual({ name: 'public-site', module: './DemoPage' });
    expect(appRoutes.find((route) => route.path === '/planner')).toMatchObject({ title: 'Due-date planner', remote: { name: 'dashboard', module: './PlannerPage' } });
  });

  it('shows the not-found page for unknown paths', async () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | PayCadence'));
  });

  it('shows the error view when a remote cannot load, keeps the header working, and retries', async () => {
    loader.loadRemoteComponent.mockRejectedValueOnce(new Error('Failed to load script resources'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/');
    expect(await screen.findByText('This part of PayCadence could not load')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(loader.loadRemoteComponent).toHaveBeenLastCalledWith({ name: 'public-site', module: './LandingPage' }, { retry: true });

    loader.loadRemoteComponent.mockRejectedValueOnce(new Error('down again'));
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Sign In' })[0]);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('contains a remote page that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loader.loadRemoteComponent.mockResolvedValueOnce(() => {
      throw new Error('boom');
    });
    renderAt('/privacy');
    expect(await screen.findByText('This part of PayCadence could not load')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('Footer', () => {
  const ann: AuthUser = {
    id: 'u1', email: 'ann@example.com', role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee',
    phone: null, dateOfBirth: null, address: null, created_at: '2026-01-01T00:00:00Z', mfa_enabled: false, email_confirmed: true,
  };
  const renderFooter = (user: AuthUser | null) =>
    render(
      <MemoryRouter>
        <AuthProvider initialUser={user}>
          <Footer />
        </AuthProvider>
      </MemoryRouter>,
    );

  it('has the legal, contact and social links, and no Dashboard link when signed out', () => {
    renderFooter(null);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('About Us')).toBe('/about');
    expect(href('Blog')).toBe('/blog');
    expect(href('Privacy Policy')).toBe('/privacy');
    expect(href('Terms of Service')).toBe('/terms');
    expect(href('Security')).toBe('/security');
    expect(href('support@paycadence.app')).toBe('mailto:support@paycadence.app');
    expect(href('Help Centre')).toBe('/help');
    expect(screen.getByRole('link', { name: /LinkedIn/ }).getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows the Dashboard link only when signed in', () => {
    renderFooter(ann);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('early remote preload', () => {
  it('knows exactly the paths the route table gives to the public-site remote', async () => {
    const { PUBLIC_SITE_PATHS, publicSiteServes } = await import('./remotes/early-preload');
    const fromTable = appRoutes.filter((route) => route.remote?.name === 'public-site').map((route) => route.path);
    expect([...PUBLIC_SITE_PATHS, '/blog/:slug'].sort()).toEqual(fromTable.sort());
    expect(publicSiteServes('/blog/some-post')).toBe(true);
    expect(publicSiteServes('/about/')).toBe(true);
    expect(publicSiteServes('/login')).toBe(false);
    expect(publicSiteServes('/dashboard')).toBe(false);
  });
});
