import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addedLogEntrySchema,
  addedVisitSchema,
  attachmentItemSchema,
  attachmentListSchema,
  setActualDateResultSchema,
  subjectScheduleSchema,
  qcListSchema,
  qcSummarySchema,
  taskListSchema,
  taskSummarySchema,
} from '@dcap/core';
import type { AddedLogEntry, AddedVisit, AttachmentItem, QcStage, SetActualDateRequest, SetActualDateResult, TaskBucket } from '@dcap/core';
import { useApi } from '../../app/services';

export const scheduleKeys = {
  all: ['schedule'] as const,
  subject: (subjectId: number) => ['schedule', 'subject', subjectId] as const,
  summary: (projectId: number, env: string) => ['schedule', 'tasks', projectId, env] as const,
  list: (projectId: number, env: string, bucket: TaskBucket, siteId: number | null, eventId: number | null, page: number) =>
    ['schedule', 'tasks', projectId, env, bucket, siteId, eventId, page] as const,
  qcSummary: (projectId: number, env: string) => ['schedule', 'qc', projectId, env] as const,
  qcList: (projectId: number, env: string, stage: QcStage, siteId: number | null, page: number) => ['schedule', 'qc', projectId, env, stage, siteId, page] as const,
  records: (eventInstanceId: number) => ['schedule', 'records', eventInstanceId] as const,
};

/** GET /dcap/schedule/subject/:subjectId: the subject's event × panel matrix. */
export function useSubjectScheduleQuery(subjectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKeys.subject(subjectId),
    queryFn: ({ signal }) =>
      api.request(`/schedule/subject/${String(subjectId)}`, { signal, silent: true, schema: subjectScheduleSchema }),
  });
}

/** POST /dcap/schedule/setActualDate; the matrix and task lists are read again afterwards. */
export function useSetActualDateMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetActualDateRequest): Promise<SetActualDateResult> =>
      api.request('/schedule/setActualDate', { method: 'POST', json: body, notify: true, schema: setActualDateResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** POST /dcap/schedule/addUnscheduled or addRepeat: a new visit of the subject with its panels. */
export function useAddVisitMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'addUnscheduled' | 'addRepeat'; subjectId: number; eventId: number }): Promise<AddedVisit> =>
      api.request(`/schedule/${input.kind}`, { method: 'POST', json: { subjectId: input.subjectId, eventId: input.eventId }, notify: true, schema: addedVisitSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** POST /dcap/schedule/addLogEntry: another entry of a log visit's panel. */
export function useAddLogEntryMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (panelInstanceId: number): Promise<AddedLogEntry> =>
      api.request('/schedule/addLogEntry', { method: 'POST', json: { panelInstanceId }, notify: true, schema: addedLogEntrySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** GET /dcap/visitTask/summary for the session's project and environment; errors are shown on the page. */
export function useTaskSummaryQuery(projectId: number | null, env: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKeys.summary(projectId ?? 0, env ?? ''),
    enabled: projectId !== null && env !== null,
    retry: false,
    queryFn: ({ signal }) => api.request('/visitTask/summary', { signal, silent: true, schema: taskSummarySchema }),
  });
}

export const TASK_PAGE_SIZE = 10;

/** GET /dcap/visitTask/list: the visits of one bucket, optionally of one site and one visit of the design. */
export function useTaskListQuery(projectId: number | null, env: string | null, bucket: TaskBucket | null, siteId: number | null, page: number, eventId: number | null = null) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKeys.list(projectId ?? 0, env ?? '', bucket ?? 'overdue', siteId, eventId, page),
    enabled: projectId !== null && env !== null && bucket !== null,
    queryFn: ({ signal }) =>
      api.request('/visitTask/list', {
        signal,
        query: { bucket: bucket ?? 'overdue', siteId: siteId ?? undefined, eventId: eventId ?? undefined, page, pageSize: TASK_PAGE_SIZE },
        silent: true,
        schema: taskListSchema,
      }),
  });
}

/** GET /dcap/visitTask/visitRecords/:eventInstanceId. */
export function useVisitRecordsQuery(eventInstanceId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKeys.records(eventInstanceId ?? 0),
    enabled: eventInstanceId !== null,
    queryFn: ({ signal }) => api.request(`/visitTask/visitRecords/${String(eventInstanceId ?? 0)}`, { signal, silent: true, schema: attachmentListSchema }),
  });
}

/** POST /dcap/visitTask/uploadVisitRecord (spec 002 §7; the attachments module's call): multipart, 600 s. */
export function useUploadVisitRecordMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventInstanceId: number; subjectId: number; file: File }): Promise<AttachmentItem> => {
      const form = new FormData();
      form.append('eventInsId', String(input.eventInstanceId));
      form.append('recordId', String(input.subjectId));
      form.append('file', input.file, input.file.name);
      return api.request('/visitTask/uploadVisitRecord', { method: 'POST', upload: form, timeoutMs: 600_000, notify: true, schema: attachmentItemSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** GET /dcap/qcTask/summary: panels waiting for verification, review and signature per site of the caller. */
export function useQcSummaryQuery(projectId: number | null, env: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKeys.qcSummary(projectId ?? 0, env ?? ''),
    enabled: projectId !== null && env !== null,
    retry: false,
    queryFn: ({ signal }) => api.request('/qcTask/summary', { signal, silent: true, schema: qcSummarySchema }),
  });
}

/** GET /dcap/qcTask/list: one stage's panels, optionally of one site, the longest waiting first. */
export function useQcListQuery(projectId: number | null, env: string | null, stage: QcStage, siteId: number | null, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKeys.qcList(projectId ?? 0, env ?? '', stage, siteId, page),
    enabled: projectId !== null && env !== null,
    queryFn: ({ signal }) =>
      api.request('/qcTask/list', { signal, query: { stage, siteId: siteId ?? undefined, page, pageSize: TASK_PAGE_SIZE }, silent: true, schema: qcListSchema }),
  });
}
