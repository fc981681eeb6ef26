import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importInstrumentListSchema, importTaskDetailSchema, importTaskPageSchema } from '@dcap/core';
import type { ChangeReason, ImportTaskDetail, ImportTaskPage, ImportTaskStatus } from '@dcap/core';
import { useApi } from '../../app/services';
import { saveFile } from '../../lib/download';

/** Uploads of large sheets take their time (the dry run checks every row before answering). */
export const IMPORT_UPLOAD_TIMEOUT_MS = 600_000;
/** How often a task being applied is asked again. */
export const IMPORT_POLL_MS = 1000;

export const importKeys = {
  all: ['recordImports'] as const,
  list: (page: number) => ['recordImports', 'list', page] as const,
  detail: (id: number) => ['recordImports', 'detail', id] as const,
  instruments: ['recordImports', 'instruments'] as const,
};

export const isApplying = (status: ImportTaskStatus | undefined) => status === 'queued' || status === 'applying';

/** GET /dcap/platformDataImport/record/instruments: the panels a sheet may fill. */
export function useImportInstruments() {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.instruments,
    queryFn: ({ signal }) => api.request('/platformDataImport/record/instruments', { signal, schema: importInstrumentListSchema }),
  });
}

/** POST /dcap/platformDataImport/record/list, asked again while a task is being applied. */
export function useImportList(page: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.list(page),
    queryFn: ({ signal }): Promise<ImportTaskPage> => api.request('/platformDataImport/record/list', { signal, method: 'POST', json: { page, pageSize }, schema: importTaskPageSchema }),
    refetchInterval: (query) => (query.state.data?.records.some((task) => isApplying(task.status)) ? IMPORT_POLL_MS : false),
  });
}

/** POST /dcap/platformDataImport/record/detail, asked again while the task is being applied. */
export function useImportDetail(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }): Promise<ImportTaskDetail> => api.request('/platformDataImport/record/detail', { signal, method: 'POST', json: { id }, schema: importTaskDetailSchema }),
    refetchInterval: (query) => (isApplying(query.state.data?.task.status) ? IMPORT_POLL_MS : false),
  });
}

/** POST /dcap/platformDataImport/record/uploadExcel: the sheet and its panel; answers the dry run. */
export function useImportUpload() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, instrumentId }: { file: File; instrumentId: number }): Promise<ImportTaskDetail> => {
      const upload = new FormData();
      upload.append('instrumentId', String(instrumentId));
      upload.append('file', file, file.name);
      return api.request('/platformDataImport/record/uploadExcel', { method: 'POST', upload, timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS, notify: true, serverMessage: true, schema: importTaskDetailSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** POST /dcap/platformDataImport/record/apply: queues the apply; the detail then polls its progress. */
export function useImportApply() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reason?: ChangeReason }): Promise<ImportTaskDetail> =>
      api.request('/platformDataImport/record/apply', { method: 'POST', json: input, notify: true, serverMessage: true, schema: importTaskDetailSchema }),
    onSuccess: (detail) => {
      queryClient.setQueryData(importKeys.detail(detail.task.id), detail);
      return queryClient.invalidateQueries({ queryKey: importKeys.all });
    },
  });
}

/** GET /dcap/platformDataImport/record/template/{instrumentId}: saved by the browser. */
export function useImportTemplate() {
  const api = useApi();
  return useMutation({
    mutationFn: async (instrumentId: number) => saveFile(await api.download(`/platformDataImport/record/template/${String(instrumentId)}`)),
  });
}
