import { Spinner, useAuth } from '@paycadence/web-kit';
import { lazy, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { RegisterPage } from './auth/RegisterPage';
import type { GuardRedirect } from './auth/RequireAuth';
import { SignInPage } from './auth/SignInPage';
import { HelpPage } from './pages/HelpPage';
import { NotFoundPage } from './pages/NotFoundPage';
import type { RemoteRef } from './remotes/remote-ref';
import { RemoteRoute } from './remotes/RemoteRoute';

/**
 * THE route table of the app (docs/product/accounts.md §2 and part 2). One entry per path:
 *  - `remote`: the page is a module exposed by a federated remote, loaded at run time through
 *    /remotes-manifest.json (see remotes/remote-loader.ts). `module` is the exposed name ('./AboutPage');
 *    the remote module exports a component of the same name (`AboutPage`).
 *  - `element`: the page lives in the shell itself.
 * A new screen is one more entry here (a remote module or a shell page): edit the
 * entry here and nothing else. `title` is the tab title ('About | PayCadence'); null keeps the bare name.
 */
export interface AppRoute {
  path: string;
  title: string | null;
  remote?: RemoteRef;
  element?: () => ReactElement;
  /** Signed-in only: 'Loading...' while the session loads, else signed-out visitors go here (auth/RequireAuth). */
  guard?: GuardRedirect;
  /** Behind the early-access switch (auth/early-access.ts, docs/product/signed-in.md §2). */
  earlyAccess?: boolean;
}

// Pages a visitor reaches only from a link or signed in: fetched when first opened, so the public pages (which
// the shell renders or prerenders) do not download and run them. AppRoutes shows a spinner
// meanwhile. The public shell pages (/login, /register, /forgot-password) stay in the bundle: their prerendered
// copy is replaced by the app's first render, which must not wait.
const SettingsPage = lazy(() => import('./auth/SettingsPage').then((module) => ({ default: module.SettingsPage })));
const ProfilePage = lazy(() => import('./auth/ProfilePage').then((module) => ({ default: module.ProfilePage })));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })));

const publicSite = (module: RemoteRef['module']): RemoteRef => ({ name: 'public-site', module });
const dashboard: RemoteRef = { name: 'dashboard', module: './DashboardPage' };
const connectedAccounts: RemoteRef = { name: 'connected-accounts', module: './ConnectedAccountsPage' };
const signIn = () => <SignInPage />;
const register = () => <RegisterPage />;
const adminConsole = (module: RemoteRef['module']): RemoteRef => ({ name: 'admin-console', module });

/**
 * /admin (docs/product/accounts.md §2: 'the same sign-in screen'): the sign-in screen for a signed-out visitor,
 * the 'Waitlist & User Management' page once signed in (the remote itself shows Access Denied to non-admins).
 */
export function AdminEntry() {
  const { user, loading } = useAuth();
  if (loading) return <Spinner />;
  // Signing in here stays here: an admin gets the page, anyone else its Access Denied view (with a way on).
  if (!user) return <SignInPage afterSignIn="/admin" />;
  return <RemoteRoute remote={adminConsole('./AdminManagementPage')} />;
}

/** The admin pages under /admin/ (docs/product/accounts.md §2, docs/product/signed-in.md §2), each an exposed module of the admin-console remote. */
export const ADMIN_PAGES: Record<string, RemoteRef> = {
  users: adminConsole('./UserManagementPage'),
  waitlist: adminConsole('./AdminWaitlistPage'),
  logs: adminConsole('./SystemLogsPage'),
};

/** The admin page named by the rest of an /admin/ path; only ADMIN_PAGES' own keys (not 'constructor', 'toString'...). */
export function adminPage(rest: string): RemoteRef | undefined {
  return Object.hasOwn(ADMIN_PAGES, rest) ? ADMIN_PAGES[rest] : undefined;
}

/** /admin/* behind the guard: the page named by the rest of the path, or not found. */
export function AdminSection() {
  const page = adminPage(useParams()['*'] ?? '');
  if (!page) return <NotFoundPage />;
  return <RemoteRoute key={page.module} remote={page} />;
}

export const appRoutes: AppRoute[] = [
  // Public site (remote: public-site)
  { path: '/', title: null, remote: publicSite('./LandingPage') },
  // spec: "/original: alternate home (content not shown)", so it shows the home page.
  { path: '/original', title: null, remote: publicSite('./LandingPage') },
  { path: '/about', title: 'About', remote: publicSite('./AboutPage') },
  { path: '/coming-soon', title: 'Coming Soon', remote: publicSite('./ComingSoonPage') },
  { path: '/paycheck-to-paycheck', title: 'Living Paycheck to Paycheck', remote: publicSite('./PaycheckToPaycheckPage') },
  { path: '/privacy', title: 'Privacy Policy', remote: publicSite('./PrivacyPage') },
  { path: '/terms', title: 'Terms of Service', remote: publicSite('./TermsPage') },
  { path: '/security', title: 'Security', remote: publicSite('./SecurityPage') },
  { path: '/help', title: 'Help Centre', element: () => <HelpPage /> },

  // Blog. A post sets the tab title and meta description from its seo fields once it has loaded.
  { path: '/blog', title: 'Blog', remote: publicSite('./BlogListPage') },
  { path: '/blog/:slug', title: 'Blog', remote: publicSite('./BlogPostPage') },
  { path: '/demo', title: 'Demo', remote: publicSite('./DemoPage') },

  // Identity screens. docs/product/accounts.md §2: these four show the same sign-in screen.
  { path: '/login', title: 'Sign In', element: signIn },
  { path: '/admin-login', title: 'Sign In', element: signIn },
  { path: '/admin', title: 'Sign In', element: () => <AdminEntry /> },
  { path: '/dev-login', title: 'Sign In', element: signIn },
  { path: '/register', title: 'Create Your Account', element: register },
  { path: '/signup', title: 'Create Your Account', element: register },
  { path: '/dev-register', title: 'Create Your Account', element: register },
  { path: '/forgot-password', title: 'Reset your password', element: () => <ForgotPasswordPage /> },
  { path: '/reset-password', title: 'Set a new password', element: () => <ResetPasswordPage /> },
  { path: '/settings', title: 'Settings', guard: '/admin-login', element: () => <SettingsPage /> },
  { path: '/profile', title: 'Profile', guard: '/admin-login', element: () => <ProfilePage /> },

  // Signed-in money area (remote: dashboard). docs/product/signed-in.md §2: /dashboard and /finances send signed-out visitors to /login.
  { path: '/dashboard', title: 'Dashboard', guard: '/login', earlyAccess: true, remote: dashboard },
  { path: '/finances', title: 'Dashboard', guard: '/login', earlyAccess: true, remote: dashboard },
  { path: '/user-dashboard', title: 'Dashboard', guard: '/admin-login', earlyAccess: true, remote: dashboard },
  { path: '/simple-dashboard', title: 'Dashboard', guard: '/admin-login', earlyAccess: true, remote: dashboard },
  { path: '/connected-accounts', title: 'Connected Accounts', guard: '/admin-login', remote: connectedAccounts },
  // Households: the screen, and the page the invitation e-mail links to (it asks a signed-out visitor
  // to sign in or register, with the way back in `?next=`).
  { path: '/household', title: 'Household', guard: '/admin-login', remote: { name: 'dashboard', module: './HouseholdPage' } },
  // Which bills to ask to move to which day of the month, and each move's steps with the biller (`?household=` plans shared bills).
  { path: '/planner', title: 'Due-date planner', guard: '/admin-login', remote: { name: 'dashboard', module: './PlannerPage' } },
  { path: '/household/accept', title: 'Household invitation', remote: { name: 'dashboard', module: './AcceptInvitationPage' } },
  // The page the e-mail confirmation link opens (signed in or not: the token in its fragment is the proof).
  { path: '/confirm-email', title: 'Confirm your e-mail address', remote: { name: 'dashboard', module: './ConfirmEmailPage' } },

  // Admin (remote: admin-console). Each page sets its own tab title ('User Management', 'System Logs').
  { path: '/blog-admin', title: 'Blog Admin', guard: '/admin-login', remote: adminConsole('./BlogAdminPage') },
  { path: '/admin/*', title: 'Admin', guard: '/admin-login', element: () => <AdminSection /> },
];
