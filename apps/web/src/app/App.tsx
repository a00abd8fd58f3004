// The provider stack of the app: Mantine, notifications, modals, react-query, router and session.
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { MODAL_DEFAULTS } from './modal-defaults.ts';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { SessionProvider } from './SessionProvider.tsx';
import { theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            {/* Inside the router and session so modal content may use links and useSession. */}
            <ModalsProvider modalProps={MODAL_DEFAULTS}>
              <AppRoutes />
            </ModalsProvider>
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
