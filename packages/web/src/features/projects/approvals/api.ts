import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalCountSchema, approvalItemSchema, projectGatesSchema, projectSchema } from '@dcap/core';
import type { ApprovalItem, Project, ProjectGates } from '@dcap/core';
import { projectKeys } from '../../../api/projects';
import { systemKeys } from '../../../api/system';
import { useApi } from '../../../app/services';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: ['approvals', 'list'] as const,
  count: ['approvals', 'count'] as const,
  /** Keyed by the project's version too: every lifecycle move changes it, so the gates are read again. */
  gates: (projectId: number, version: number) => ['approvals', 'gates', projectId, version] as const,
};

const approvalListSchema = approvalItemSchema.array();

/** GET /dcap/project/approvals: pending applications the caller may decide, oldest first. */
export function useApprovalsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: approvalKeys.list,
    queryFn: ({ signal }): Promise<ApprovalItem[]> => api.request('/project/approvals', { signal, schema: approvalListSchema }),
  });
}

/** The header badge's count, refreshed every minute and when the window regains focus. */
export function useApprovalCountQuery(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: approvalKeys.count,
    queryFn: async ({ signal }): Promise<number> =>
      (await api.request('/project/approvals/count', { signal, silent: true, schema: approvalCountSchema })).count,
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /dcap/project/gates/{projectId}: what entering internal test and going online still need. */
export function useProjectGatesQuery(projectId: number, version: number) {
  const api = useApi();
  return useQuery({
    queryKey: approvalKeys.gates(projectId, version),
    queryFn: ({ signal }): Promise<ProjectGates> => api.request(`/project/gates/${projectId}`, { signal, schema: projectGatesSchema }),
  });
}

/** A decision on one application: going online (by project) or a status change (by application id). */
export interface Decision {
  kind: ApprovalItem['kind'];
  projectId: number;
  applicationId: number | null;
  approve: boolean;
  /** Required to reject (the server refuses a rejection without one). */
  reason: string | null;
}

/** After an application or a decision, the inbox, its count, the project and the shell all change. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      queryClient.invalidateQueries({ queryKey: systemKeys.init }),
    ]);
}

export function useDecideMutation() {
  const api = useApi();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (decision: Decision): Promise<Project> => {
      const options = { method: 'POST', notify: true, schema: projectSchema } as const;
      if (decision.kind === 'online') {
        return api.request('/project/approveApplyOnline', {
          ...options,
          query: { projectId: decision.projectId, approve: decision.approve, publish: true },
          json: { reason: decision.reason },
        });
      }
      return api.request('/project/decideStatusChange', {
        ...options,
        json: { projectId: decision.projectId, id: decision.applicationId, approve: decision.approve, comment: decision.reason },
      });
    },
    onSuccess: afterChange,
  });
}

/** POST /dcap/project/applyOnline with an optional reason. */
export function useApplyOnlineMutation() {
  const api = useApi();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: { projectId: number; reason: string | null }): Promise<Project> =>
      api.request('/project/applyOnline', { method: 'POST', json: body, notify: true, schema: projectSchema }),
    onSuccess: afterChange,
  });
}
