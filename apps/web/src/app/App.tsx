// The provider stack of the app: Mantine, notifications, modals, react-query, router and session.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { MODAL_DEFAULTS } from './modal-defaults.ts';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { SessionProvider } from './SessionProvider.tsx';
import { theme } from './theme.ts';

/** Inside the router and session so pages and modal content may use links, blockers and useSession. */
function Root() {
  return (
    <SessionProvider>
      <ModalsProvider modalProps={MODAL_DEFAULTS}>
        <AppRoutes />
      </ModalsProvider>
    </SessionProvider>
  );
}

/**
 * A data router (one splat route holding the app's <Routes>): it is what lets a screen block navigation while work
 * is unsaved (useBlocker), e.g. the agent's call in progress.
 */
function createAppRouter() {
  return createBrowserRouter([{ path: '*', element: <Root /> }]);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Bottom-right: never over a modal's close button or the user menu at the top. */}
      <Notifications position="bottom-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
