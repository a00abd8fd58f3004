// Renders a component inside the app's providers, on a chosen route, for component tests.
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MODAL_DEFAULTS } from '../app/modal-defaults.ts';
import { createQueryClient } from '../app/query-client.ts';
import { SessionProvider } from '../app/SessionProvider.tsx';
import { theme } from '../app/theme.ts';

type Options = { route?: string; queryClient?: QueryClient };

/** Shows the router's current location and its state, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/**
 * Pass a queryClient to seed or inspect the cache; each call gets a fresh one otherwise. The UI renders in a data
 * router (as in the app), so screens may use useBlocker.
 */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', queryClient = createQueryClient() }: Options = {},
): RenderResult {
  const Root = () => (
    <SessionProvider>
      <ModalsProvider modalProps={MODAL_DEFAULTS}>
        {ui}
        <LocationProbe />
      </ModalsProvider>
    </SessionProvider>
  );
  const router = createMemoryRouter([{ path: '*', element: <Root /> }], { initialEntries: [route] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return render(<RouterProvider router={router} />, { wrapper });
}
