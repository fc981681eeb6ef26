import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blindingStateSchema, unblindingListSchema, unblindingSchema } from '@dcap/core';
import { useApi } from '../../app/services';
import { balanceKeys } from '../balance/api';

/** The iMask calls (docs/api.md "imask"). */
export const imaskKeys = {
  all: ['imask'] as const,
  state: (projectId: number, env: string) => ['imask', 'state', projectId, env] as const,
  unblindings: (projectId: number, env: string) => ['imask', 'unblindings', projectId, env] as const,
};

/** GET /dcap/imask/state: the blind method, whether the environment is unblinded and whether the caller sees arms. */
export function useBlindingStateQuery(projectId: number | null, env: string | null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: imaskKeys.state(projectId ?? 0, env ?? ''),
    enabled: enabled && projectId !== null,
    queryFn: ({ signal }) => api.request('/imask/state', { signal, silent: true, schema: blindingStateSchema }),
  });
}

/** GET /dcap/imask/unblinding/list. */
export function useUnblindingsQuery(projectId: number | null, env: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: imaskKeys.unblindings(projectId ?? 0, env ?? ''),
    enabled: projectId !== null,
    queryFn: ({ signal }) => api.request('/imask/unblinding/list', { signal, silent: true, schema: unblindingListSchema }),
  });
}

/** After any unblinding, what the caller sees of arms may have changed everywhere. */
function useUnblindingWrite<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: imaskKeys.all });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}

export interface ReauthBody {
  reason: string;
  username: string;
  password: string;
}

/** POST /dcap/imask/unblind/emergency; silent, so the re-authentication dialog shows a refusal itself. */
export function useEmergencyUnblind() {
  const api = useApi();
  return useUnblindingWrite((body: ReauthBody & { subjectId: number }) => api.request('/imask/unblind/emergency', { method: 'POST', json: body, silent: true, schema: unblindingSchema }));
}

/** POST /dcap/imask/unblind/study. */
export function useStudyUnblind() {
  const api = useApi();
  return useUnblindingWrite((body: ReauthBody) => api.request('/imask/unblind/study', { method: 'POST', json: body, silent: true, schema: blindingStateSchema }));
}

/** POST /dcap/imask/unblinding/acknowledge. */
export function useAcknowledgeUnblinding() {
  const api = useApi();
  return useUnblindingWrite((id: number) => api.request('/imask/unblinding/acknowledge', { method: 'POST', json: { id }, notify: true, schema: unblindingSchema }));
}
