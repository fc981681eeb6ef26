import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectRoleSchema, roleAuthLogPageSchema, roleDeletionSchema, siteSchema } from '@dcap/core';
import type { ProjectRole, RoleAuthLogPage, SaveRoleRequest, Site } from '@dcap/core';
import { useCallback } from 'react';
import { useApi } from '../app/services';
import type { DownloadedFile } from './client';
import { systemKeys } from './system';

/** Project roles (spec 000 §6 role administration, §7.3 under /dcap/projectRole). */
export const roleKeys = {
  all: ['roles'] as const,
  list: (projectId: number) => ['roles', 'list', projectId] as const,
  holders: (projectId: number) => ['roles', 'holders', projectId] as const,
  authLog: (projectId: number, pageNo: number, pageSize: number) => ['roles', 'authLog', projectId, pageNo, pageSize] as const,
};

const roleListSchema = projectRoleSchema.array();
const siteListSchema = siteSchema.array();

export function useRoleListQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: roleKeys.list(projectId),
    queryFn: ({ signal }) => api.request(`/projectRole/list/${projectId}`, { signal, schema: roleListSchema }),
  });
}

/**
 * Every change to roles or grants refreshes the role lists, the holders and the log, and the
 * initialisation: the caller's own roles (the role switcher) may have changed too.
 */
export function useRoleChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: systemKeys.init }),
      ]);
    },
  });
}

export function useSaveRoleMutation() {
  const api = useApi();
  return useRoleChange((body: SaveRoleRequest): Promise<ProjectRole> =>
    api.request('/projectRole/saveRole', { method: 'POST', json: body, notify: true, schema: projectRoleSchema }),
  );
}

export function useRoleEnabledMutation() {
  const api = useApi();
  return useRoleChange(({ projectId, id, enabled }: { projectId: number; id: number; enabled: boolean }): Promise<ProjectRole> =>
    api.request(`/projectRole/disableRole/${id}/${enabled ? 1 : 0}`, { query: { projectId }, notify: true, schema: projectRoleSchema }),
  );
}

/** Deletes roles no one holds, or with `revoke` takes them from their holders first; all or none. */
export function useDeleteRolesMutation() {
  const api = useApi();
  return useRoleChange(({ projectId, ids, revoke }: { projectId: number; ids: number[]; revoke: boolean }) =>
    api.request(`/projectRole/${revoke ? 'batchDeleteRevoke' : 'batchDelete'}`, {
      query: { projectId, ids: ids.join(',') },
      notify: true,
      schema: roleDeletionSchema,
    }),
  );
}

/** GET checkProjectRoleOneInstitution: active sites without a role limited to that site. */
export function useSitesWithoutRole(): (projectId: number) => Promise<Site[]> {
  const api = useApi();
  return useCallback((projectId: number) => api.request(`/projectRole/checkProjectRoleOneInstitution/${projectId}`, { schema: siteListSchema }), [api]);
}

export function useAutoCreateSiteRolesMutation() {
  const api = useApi();
  return useRoleChange((projectId: number): Promise<ProjectRole[]> =>
    api.request(`/projectRole/autoCreateProjectRoleOneInstitution/${projectId}`, { notify: true, schema: roleListSchema }),
  );
}

/**
 * POST autoCreateProjectRole (no body): the standard roles of core's templates the project lacks; answers
 * the roles it created (none when nothing was missing).
 */
export function useAutoCreateStandardRolesMutation() {
  const api = useApi();
  return useRoleChange((projectId: number): Promise<ProjectRole[]> =>
    api.request('/projectRole/autoCreateProjectRole', { method: 'POST', query: { projectId }, notify: true, schema: roleListSchema }),
  );
}

export function useRoleAuthLogQuery(projectId: number, pageNo: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: roleKeys.authLog(projectId, pageNo, pageSize),
    queryFn: ({ signal }): Promise<RoleAuthLogPage> =>
      api.request('/projectRole/getProjectRoleAuthLogs', {
        signal,
        method: 'POST',
        json: { projectId, pageNo, pageSize },
        schema: roleAuthLogPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The two spreadsheet exports: roles with their holders, and the authorisation log. */
export function useRoleExportMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ projectId, what }: { projectId: number; what: 'roles' | 'authLog' }): Promise<DownloadedFile> =>
      what === 'roles'
        ? api.download('/projectRole/download', { query: { projectId } })
        : api.download('/projectRole/exportProjectRoleAuthLogs', { method: 'POST', json: { projectId } }),
  });
}
