import { Spinner, useAuth, useDocumentTitle } from '@paycadence/web-kit';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { hasEarlyAccess } from './auth/early-access';
import { RequireAuth } from './auth/RequireAuth';
import { NotFoundPage } from './pages/NotFoundPage';
import { RemoteRoute } from './remotes/RemoteRoute';
import type { RemoteRef } from './remotes/remote-ref';
import { appRoutes, type AppRoute } from './routes';

const COMING_SOON: RemoteRef = { name: 'public-site', module: './ComingSoonPage' };

function RouteContent({ route }: { route: AppRoute }) {
  const { user } = useAuth();
  // docs/product/signed-in.md §2: without early access the dashboard shows the coming-soon page.
  if (route.earlyAccess && !hasEarlyAccess(user)) return <RemoteRoute remote={COMING_SOON} />;
  if (route.remote) return <RemoteRoute key={`${route.remote.name}/${route.remote.module}`} remote={route.remote} />;
  // A shell page loaded on first use (routes.tsx) shows the spinner until its code has arrived.
  return route.element ? <Suspense fallback={<Spinner />}>{route.element()}</Suspense> : <NotFoundPage />;
}

function RouteScreen({ route }: { route: AppRoute }) {
  useDocumentTitle(route.title);
  const content = <RouteContent route={route} />;
  return route.guard ? <RequireAuth redirectTo={route.guard}>{content}</RequireAuth> : content;
}

function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return <NotFoundPage />;
}

/** Turns the route table (routes.tsx) into react-router routes, plus the not-found page. */
export function AppRoutes() {
  return (
    <Routes>
      {appRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={<RouteScreen route={route} />} />
      ))}
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
