import type { ReactElement } from 'react';
import { ComingSoonInApp } from './pages/ComingSoonInApp';
import { HelpPage } from './pages/HelpPage';

/**
 * THE route table of the app (spec part 1 §2 and part 2). One entry per path:
 *  - `remote`: the page is a module exposed by a federated remote, loaded at run time through
 *    /remotes-manifest.json (see remotes/remote-loader.ts). `module` is the exposed name ('./AboutPage');
 *    the remote module exports a component of the same name (`AboutPage`).
 *  - `element`: the page lives in the shell itself.
 * Later capabilities replace their `ComingSoonInApp` placeholder with a remote or a shell page: edit the
 * entry here and nothing else. `title` is the tab title ('About | PayCadence'); null keeps the bare name.
 */
export interface RemoteRef {
  /** Key in /remotes-manifest.json. */
  name: 'public-site' | 'dashboard';
  /** Exposed module, as in the remote's vite config `exposes`. */
  module: `./${string}`;
}

export interface AppRoute {
  path: string;
  title: string | null;
  remote?: RemoteRef;
  element?: () => ReactElement;
}

const publicSite = (module: RemoteRef['module']): RemoteRef => ({ name: 'public-site', module });
const placeholder = (page: string) => () => <ComingSoonInApp page={page} />;

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

  // Blog (later: blog capability)
  { path: '/blog', title: 'Blog', element: placeholder('Blog') },
  { path: '/blog/:slug', title: 'Blog', element: placeholder('Blog post') },
  { path: '/demo', title: 'Demo', element: placeholder('Interactive demo') },

  // Identity screens (later: identity work). spec: these four show the same sign-in screen.
  { path: '/login', title: 'Sign In', element: placeholder('Sign in') },
  { path: '/admin-login', title: 'Sign In', element: placeholder('Sign in') },
  { path: '/admin', title: 'Sign In', element: placeholder('Sign in') },
  { path: '/dev-login', title: 'Sign In', element: placeholder('Sign in') },
  { path: '/register', title: 'Create Your Account', element: placeholder('Create your account') },
  { path: '/signup', title: 'Create Your Account', element: placeholder('Create your account') },
  { path: '/dev-register', title: 'Create Your Account', element: placeholder('Create your account') },
  { path: '/forgot-password', title: 'Reset your password', element: placeholder('Reset your password') },
  { path: '/reset-password', title: 'Set a new password', element: placeholder('Set a new password') },
  { path: '/settings', title: 'Settings', element: placeholder('Settings') },
  { path: '/profile', title: 'Profile', element: placeholder('Profile') },

  // Signed-in money area (later: money work, remote: dashboard)
  { path: '/dashboard', title: 'Dashboard', element: placeholder('Financial dashboard') },
  { path: '/finances', title: 'Dashboard', element: placeholder('Financial dashboard') },
  { path: '/user-dashboard', title: 'Dashboard', element: placeholder('Financial dashboard') },
  { path: '/simple-dashboard', title: 'Dashboard', element: placeholder('Financial dashboard') },
  { path: '/connected-accounts', title: 'Connected Accounts', element: placeholder('Connected accounts') },
  { path: '/household', title: 'Household', element: placeholder('Household') },

  // Admin (later: admin remote)
  { path: '/blog-admin', title: 'Blog Admin', element: placeholder('Blog admin') },
  { path: '/admin/*', title: 'Admin', element: placeholder('Admin tools') },
];
