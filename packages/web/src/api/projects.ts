import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FLOW_STATUSES, projectSchema, resetResultSchema, statusChangeApplicationSchema } from '@dcap/core';
import type {
  CreateProjectRequest,
  FlowStatus,
  Project,
  ProjectListFilter,
  ProjectStatus,
  SaveProjectRequest,
  StatusChangeApplication,
  StatusChangeType,
} from '@dcap/core';
import { useApi } from '../app/services';
import { systemKeys } from './system';

export const projectKeys = {
  all: ['projects'] as const,
  list: (filter: ProjectListFilter, keyword: string) => ['projects', 'list', filter, keyword] as const,
  applications: (projectId: number) => ['projects', 'applications', projectId] as const,
};

const projectListSchema = projectSchema.array();
const applicationListSchema = statusChangeApplicationSchema.array();

/** GET /dcap/project/list: the workplace list with one of the spec's filters (spec 000 §9). */
export function useProjectListQuery(filter: ProjectListFilter, keyword: string) {
  const api = useApi();
  return useQuery({
    queryKey: projectKeys.list(filter, keyword),
    queryFn: ({ signal }) => api.request('/project/list', { signal, schema: projectListSchema, query: { filter, keyword: keyword.trim() } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change to the current project also changes what the shell shows (status notice, menus computed by
 * the server), so the initialisation is reloaded with the lists.
 */
function useProjectChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: systemKeys.init }),
      ]);
    },
  });
}

/** POST /dcap/project/apply: the applicant becomes the new project's administrator. */
export function useApplyProjectMutation() {
  const api = useApi();
  return useProjectChange((body: CreateProjectRequest): Promise<Project> =>
    api.request('/project/apply', { method: 'POST', json: body, notify: true, schema: projectSchema }),
  );
}

/** POST /dcap/project/save with the version the form was read at; a stale version is refused with 409. */
export function useSaveProjectMutation() {
  const api = useApi();
  return useProjectChange((body: SaveProjectRequest): Promise<Project> =>
    api.request('/project/save', { method: 'POST', json: body, notify: true, schema: projectSchema }),
  );
}

/** The lifecycle calls that take only the project id in the body (spec 000 §4.2, §7.4). */
export type SimpleLifecycleCall =
  | 'confirmProjectInternalTest'
  | 'applyAuditConfig'
  | 'saConfirmConfig'
  | 'confirmProjectUatTest'
  | 'applyOnline'
  | 'lockProject'
  | 'unlockProject';

export type LifecycleRequest =
  | { kind: 'simple'; call: SimpleLifecycleCall; projectId: number }
  /** `seen` is the status the caller saw, so a stale screen cannot skip a step. */
  | { kind: 'nextStep'; projectId: number; seen: FlowStatus }
  | { kind: 'updateStatus'; projectId: number; status: ProjectStatus; oldStatus: ProjectStatus }
  | { kind: 'approveOnline'; projectId: number; approve: boolean }
  | { kind: 'decide'; projectId: number; id: number; approve: boolean; comment: string | null }
  | { kind: 'resetTest'; projectId: number };

export function useLifecycleMutation() {
  const api = useApi();
  /** Resolves with the changed project, or for a reset with what was removed per environment. */
  return useProjectChange((request: LifecycleRequest): Promise<Project | { removed: Record<string, Record<string, number>> }> => {
    const options = { notify: true, schema: projectSchema } as const;
    switch (request.kind) {
      case 'simple':
        return api.request(`/project/${request.call}`, { ...options, method: 'POST', json: { projectId: request.projectId } });
      case 'nextStep':
        return api.request(`/project/nextStep/${request.projectId}/${FLOW_STATUSES.indexOf(request.seen)}`, options);
      case 'updateStatus':
        return api.request('/project/updateStatus', {
          ...options,
          method: 'POST',
          query: { projectId: request.projectId, status: request.status, oldStatus: request.oldStatus },
        });
      case 'approveOnline':
        return api.request('/project/approveApplyOnline', {
          ...options,
          method: 'POST',
          query: { projectId: request.projectId, approve: request.approve, publish: true },
        });
      case 'decide':
        return api.request('/project/decideStatusChange', {
          ...options,
          method: 'POST',
          json: { projectId: request.projectId, id: request.id, approve: request.approve, comment: request.comment },
        });
      case 'resetTest':
        return api.request('/project/resetTest', { method: 'POST', query: { projectId: request.projectId }, notify: true, schema: resetResultSchema });
    }
  });
}

/** POST /dcap/project/statusChangeApplications: the project's applications, newest first. */
export function useStatusChangeApplicationsQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: projectKeys.applications(projectId),
    queryFn: ({ signal }): Promise<StatusChangeApplication[]> =>
      api.request('/project/statusChangeApplications', { signal, method: 'POST', json: { projectId }, schema: applicationListSchema }),
  });
}

export function useApplyStatusChangeMutation() {
  const api = useApi();
  return useProjectChange((body: { projectId: number; type: StatusChangeType; reason: string }): Promise<StatusChangeApplication> =>
    api.request('/project/applyProjectStatusChange', { method: 'POST', json: body, notify: true, schema: statusChangeApplicationSchema }),
  );
}
