// react-query defaults: failures are already shown by the API client, so no silent retries or focus refetches.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A retry would repeat the red notification; the screens offer a Retry button instead.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
