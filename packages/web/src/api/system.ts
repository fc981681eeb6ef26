import { useQuery } from '@tanstack/react-query';
import { initResponseSchema } from '@dcap/core';
import type { InitResponse } from '@dcap/core';
import { useApi } from '../app/services';

export const systemKeys = {
  init: ['sys', 'init'] as const,
};

/** The initialisation result, checked against core's schema. */
export type AppInit = InitResponse;

/**
 * GET /dcap/sys/init, loaded once per session (spec 000 §2.5: menus are loaded once after login). It is
 * dropped from the cache at sign-in and sign-out, so the next user never sees the previous one's menus.
 */
export function useInitQuery(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: systemKeys.init,
    // The initialisation sets the window's environment marker (spec 000 §4.4); other answers are compared with it.
    queryFn: ({ signal }): Promise<AppInit> => api.request('/sys/init', { signal, schema: initResponseSchema, adoptMarker: true }),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
