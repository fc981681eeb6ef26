import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subjectListPageSchema, subjectOptionsSchema, subjectRequestPageSchema, subjectRequestSchema, subjectSchema } from '@dcap/core';
import type {
  ChangeSubjectStatusRequest,
  DecideRequest,
  EnrolSubjectRequest,
  RollbackRequest,
  SaveSubjectRequest,
  ScreeningResultRequest,
  Subject,
  SubjectListRequest,
  SubjectRequest,
  SubjectRequestListRequest,
  UpdateSubjectRequest,
} from '@dcap/core';
import { useApi } from '../../app/services';
import { scheduleKeys } from '../schedule/api';

export const subjectKeys = {
  all: ['subjects'] as const,
  options: (projectId: number, env: string) => ['subjects', 'options', projectId, env] as const,
  list: (projectId: number, env: string, filter: SubjectListRequest) => ['subjects', 'list', projectId, env, filter] as const,
  one: (id: number) => ['subjects', 'one', id] as const,
  requests: (projectId: number, env: string, filter: SubjectRequestListRequest) => ['subjects', 'requests', projectId, env, filter] as const,
};

/** GET /dcap/subject/options: the sites a subject may be added at and the project's subject flags. */
export function useSubjectOptionsQuery(projectId: number | null, env: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: subjectKeys.options(projectId ?? 0, env ?? ''),
    enabled: projectId !== null && env !== null,
    queryFn: ({ signal }) => api.request('/subject/options', { signal, silent: true, schema: subjectOptionsSchema }),
  });
}

/** POST /dcap/subject/list: one page of the caller's subjects with the counts per status. */
export function useSubjectListQuery(projectId: number | null, env: string | null, filter: SubjectListRequest) {
  const api = useApi();
  return useQuery({
    queryKey: subjectKeys.list(projectId ?? 0, env ?? '', filter),
    enabled: projectId !== null && env !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request('/subject/list', { method: 'POST', json: filter, signal, silent: true, schema: subjectListPageSchema }),
  });
}

/** GET /dcap/subject/info/:id. */
export function useSubjectQuery(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: subjectKeys.one(id),
    queryFn: ({ signal }) => api.request(`/subject/info/${String(id)}`, { signal, silent: true, schema: subjectSchema }),
  });
}

/** A write answering the subject: the lists, the subject and its schedule are read again afterwards. */
function useSubjectWrite<B>(path: string, options: { silent?: boolean } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B): Promise<Subject> =>
      api.request(path, { method: 'POST', json: body, ...(options.silent ? { silent: true } : { notify: true, serverMessage: true }), schema: subjectSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subjectKeys.all });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

/** POST /dcap/subject/save; silent, so the dialog can turn the duplicate-name refusal into its question. */
export const useAddSubjectMutation = () => useSubjectWrite<SaveSubjectRequest>('/subject/save', { silent: true });
export const useUpdateSubjectMutation = () => useSubjectWrite<UpdateSubjectRequest>('/subject/update');
export const useChangeStatusMutation = () => useSubjectWrite<ChangeSubjectStatusRequest>('/subject/status');
export const useEnrolMutation = () => useSubjectWrite<EnrolSubjectRequest>('/subject/enrol');
export const useScreeningResultMutation = () => useSubjectWrite<ScreeningResultRequest>('/subject/screening');

/** POST /dcap/subject/request/list. */
export function useSubjectRequestsQuery(projectId: number | null, env: string | null, filter: SubjectRequestListRequest) {
  const api = useApi();
  return useQuery({
    queryKey: subjectKeys.requests(projectId ?? 0, env ?? '', filter),
    enabled: projectId !== null && env !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request('/subject/request/list', { method: 'POST', json: filter, signal, silent: true, schema: subjectRequestPageSchema }),
  });
}

function useRequestWrite<B>(path: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B): Promise<SubjectRequest> => api.request(path, { method: 'POST', json: body, notify: true, serverMessage: true, schema: subjectRequestSchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subjectKeys.all });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

export const useRollbackRequestMutation = () => useRequestWrite<RollbackRequest>('/subject/request/rollback');
export const useDecideRequestMutation = () => useRequestWrite<DecideRequest>('/subject/request/decide');
