import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSelectionSchema } from '@dcap/core';
import type { z } from 'zod';
import { useApi, useServices } from '../app/services';

/** The session's current project, role and environment after a switch (the server's answer). */
export type SessionSelection = z.output<typeof sessionSelectionSchema>;

/**
 * After a switch every cached answer may be stale: the server recomputes menus and abilities for the new
 * project, role or environment, and lists are limited to the new role's sites. Active screens refetch.
 */
function useSwitch<TInput>(call: (input: TInput) => Promise<SessionSelection>) {
  const queryClient = useQueryClient();
  const { marker } = useServices();
  return useMutation({
    mutationFn: call,
    onSuccess: (selection) => {
      // This window switched itself: its environment marker follows, so the answers that now carry the new
      // project and environment are not taken for another window's switch (spec 000 §4.4).
      marker.adopt({ projectId: selection.projectId, env: selection.env });
      return queryClient.invalidateQueries();
    },
  });
}

/** GET /dcap/project/store/{id}: enter a project (its first enabled role and default environment). */
export function useStoreProjectMutation() {
  const api = useApi();
  return useSwitch((projectId: number) => api.request(`/project/store/${projectId}`, { schema: sessionSelectionSchema }));
}

/**
 * GET /dcap/project/store/{id} right after signing in on a project's portal: silent, since a user who is not a
 * member of that project is told so by the portal and lands on the normal home instead.
 */
export function useEnterPortalProjectMutation() {
  const api = useApi();
  return useSwitch((projectId: number) => api.request(`/project/store/${projectId}`, { silent: true, schema: sessionSelectionSchema }));
}

/** GET /dcap/projectRole/store/{id}: switch to another of the caller's roles in the current project. */
export function useStoreRoleMutation() {
  const api = useApi();
  return useSwitch((roleId: number) => api.request(`/projectRole/store/${roleId}`, { notify: true, schema: sessionSelectionSchema }));
}

/** GET /dcap/projectEnv/selectEnv/{key}; spec 000 §7.1: the response message is shown to the user. */
export function useSelectEnvMutation() {
  const api = useApi();
  return useSwitch((key: string) =>
    api.request(`/projectEnv/selectEnv/${encodeURIComponent(key)}`, { notify: true, serverMessage: true, schema: sessionSelectionSchema }),
  );
}
