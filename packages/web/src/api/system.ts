import { useQuery } from '@tanstack/react-query';
import { initResponseSchema } from '@dcap/core';
import type { InitResponse, MenuItem } from '@dcap/core';
import { useApi } from '../app/services';

export const systemKeys = {
  init: ['sys', 'init'] as const,
};

/** The initialisation result with its menus typed; the schema has already checked their shape. */
export type AppInit = Omit<InitResponse, 'menus'> & { menus: MenuItem[] };

/**
 * GET /dcap/sys/init, loaded once per session (spec 000 §2.5: menus are loaded once after login). It is
 * dropped from the cache at sign-in and sign-out, so the next user never sees the previous one's menus.
 */
export function useInitQuery(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: systemKeys.init,
    queryFn: async ({ signal }): Promise<AppInit> => {
      const init = await api.request('/sys/init', { signal, schema: initResponseSchema });
      return { ...init, menus: init.menus as MenuItem[] };
    },
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
