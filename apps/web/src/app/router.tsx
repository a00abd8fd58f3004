// The routes of docs/product.md §2: the login screen, every APP_ROUTES screen behind the session and role guard, and a 404.
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APP_ROUTES, MESSAGES, type TAppRoute, type TRole } from '@crm/shared';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageBoundary } from './PageBoundary.tsx';
import { PAGES, type TAppRoutePath } from './pages.tsx';
import { usePageTitle } from './page-title.ts';
import { landingPath, useSession } from './session.ts';
import type { TLoginState } from './navigation.ts';

/**
 * The signed-in frame loads after sign-in, not with /login: its menus and their positioning code are not part of the
 * login page's weight (docs/performance.md: at most 250 KB).
 */
const AppLayout = lazy(() => import('./shell/AppLayout.tsx').then((m) => ({ default: m.AppLayout })));

const screenLoading = (
  <Center py={80}>
    <Loader aria-label="Loading screen" />
  </Center>
);

function ForbiddenRedirect({ to }: { to: string }) {
  useEffect(() => {
    notifications.show({ id: 'forbidden-route', color: 'yellow', message: MESSAGES.auth.forbidden });
  }, []);
  return <Navigate to={to} replace />;
}

function RoutePage({ route }: { route: TAppRoute }) {
  usePageTitle(route.title);
  const Page = PAGES[route.path as TAppRoutePath];
  return (
    <Suspense fallback={screenLoading}>
      <Page />
    </Suspense>
  );
}

/** No session: to /login (remembering the page); a role the route does not allow: to the user's landing page. */
function RequireSession({ route }: { route: TAppRoute }) {
  const { session, endedBy } = useSession();
  const location = useLocation();
  if (session === null) {
    const state: TLoginState | undefined =
      endedBy === 'logout' ? undefined : { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!(route.roles as readonly TRole[]).includes(session.role)) return <ForbiddenRedirect to={landingPath(session)} />;
  // Keyed by path so an error on one screen does not stick after navigating away.
  return (
    <PageBoundary key={location.pathname}>
      <RoutePage route={route} />
    </PageBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <Suspense fallback={screenLoading}>
            <AppLayout />
          </Suspense>
        }
      >
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RequireSession route={route} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
