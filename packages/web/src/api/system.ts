import { useQuery } from '@tanstack/react-query';
import { initResponseSchema } from '@dcap/core';
import type { AuditProcEntry, DictEntry, InitResponse, RoleTemplate } from '@dcap/core';
import { mayPerformStep } from '@dcap/core';
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

/**
 * The current project's audit steps in order (spec 000 §6: taken from a server-provided map), each with
 * whether the session's role may perform it, by core's rule.
 */
export function auditStepsOf(init: AppInit): (AuditProcEntry & { mayPerform: boolean })[] {
  return init.auditProcList.map((entry) => ({ ...entry, mayPerform: mayPerformStep(entry, init.projectRole) }));
}

/** A dictionary of the platform or the current project by its key, as the login response carries it. */
export function dictionaryOf(init: AppInit, key: string): DictEntry | null {
  return init.dictMap[key] ?? null;
}

/** The role templates offered when a role is created: project-wide ones or those for one site. */
export function roleTemplatesOf(init: AppInit, scope: RoleTemplate['scope']): AppInit['projRoles'] {
  return scope === 'project' ? init.projRoles : init.siteRoles;
}
