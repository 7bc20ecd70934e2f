import { readRemotesManifest } from './remotes-manifest';

/**
 * Paths the public-site remote renders (routes.tsx; App.spec checks the two agree). Kept apart from the route
 * table so the entry module stays small and can start fetching before the shell's bootstrap arrives.
 */
export const PUBLIC_SITE_PATHS = ['/', '/original', '/about', '/coming-soon', '/paycheck-to-paycheck', '/privacy', '/terms', '/security', '/blog', '/demo'];

export function publicSiteServes(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_SITE_PATHS.includes(path) || /^\/blog\/[^/]+$/.test(path);
}

/**
 * Item 9: on a public page, read the manifest and <link rel="modulepreload"> the public-site entry
 * while the shell's own bootstrap is still loading, instead of one round trip after the other.
 */
export function preloadRemoteFor(pathname: string, doc: Document = document): void {
  if (!publicSiteServes(pathname)) return;
  readRemotesManifest().then(
    (manifest) => {
      const entry = manifest['public-site'];
      if (!entry || doc.head.querySelector(`link[rel="modulepreload"][href="${entry}"]`)) return;
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = entry;
      doc.head.append(link);
    },
    () => undefined, // the loader reports a manifest that cannot be read
  );
}
