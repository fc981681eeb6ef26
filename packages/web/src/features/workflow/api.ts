import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkFieldActionResultSchema, fieldActionResultSchema, signatureListResultSchema, signatureSchema } from '@dcap/core';
import type { BulkFieldActionRequest, BulkFieldActionResult, FieldActionRequest, FieldActionResponse, Signature, SignatureListRequest, SignRequest } from '@dcap/core';
import { useApi } from '../../app/services';

export const workflowKeys = {
  signatures: (request: SignatureListRequest) => ['signatures', request.subjectId, request.panelInstanceId ?? null] as const,
};

/** What a workflow change makes stale: the panel being entered, the schedule and the signatures. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['recordPanel'] });
    void queryClient.invalidateQueries({ queryKey: ['subjectSchedule'] });
    void queryClient.invalidateQueries({ queryKey: ['signatures'] });
  };
}

/** POST /dcap/project/recordData/workflow/field. */
export function useFieldAction() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: FieldActionRequest): Promise<FieldActionResponse> =>
      api.request('/project/recordData/workflow/field', { method: 'POST', json: input, notify: true, schema: fieldActionResultSchema }),
    onSuccess: invalidate,
  });
}

/** POST /dcap/project/recordData/workflow/bulk. */
export function useBulkAction() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BulkFieldActionRequest): Promise<BulkFieldActionResult> =>
      api.request('/project/recordData/workflow/bulk', { method: 'POST', json: input, schema: bulkFieldActionResultSchema }),
    onSuccess: invalidate,
  });
}

/** POST /dcap/project/recordData/signature/sign. Silent: the dialog shows a refusal itself and stays open. */
export function useSign() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: SignRequest): Promise<Signature> => api.request('/project/recordData/signature/sign', { method: 'POST', json: input, silent: true, schema: signatureSchema }),
    onSuccess: invalidate,
  });
}

/** POST /dcap/project/recordData/signature/list. */
export function useSignatures(request: SignatureListRequest) {
  const api = useApi();
  return useQuery({
    queryKey: workflowKeys.signatures(request),
    enabled: request.subjectId > 0,
    queryFn: ({ signal }): Promise<Signature[]> => api.request('/project/recordData/signature/list', { method: 'POST', json: request, signal, schema: signatureListResultSchema }),
  });
}
