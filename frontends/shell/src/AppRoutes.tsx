import { useDocumentTitle } from '@payday/web-kit';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './pages/NotFoundPage';
import { RemoteRoute } from './remotes/RemoteRoute';
import { appRoutes, type AppRoute } from './routes';

function RouteScreen({ route }: { route: AppRoute }) {
  useDocumentTitle(route.title);
  if (route.remote) return <RemoteRoute key={`${route.remote.name}/${route.remote.module}`} remote={route.remote} />;
  return route.element ? route.element() : <NotFoundPage />;
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
