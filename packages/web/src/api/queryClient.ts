import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are already reported by the client (spec 000 §8.1); retrying would repeat the notice, and
 * a refetch on every window focus would surprise someone comparing a screen with a paper CRF.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
