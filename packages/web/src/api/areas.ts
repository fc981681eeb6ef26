import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaImportReportSchema, areaListSchema, areaSchema, areaStandardResultSchema } from '@dcap/core';
import type { Area, AreaImportReport, AreaList, AreaStandardResult, SaveAreaRequest } from '@dcap/core';
import { z } from 'zod';
import { useApi } from '../app/services';
import type { DownloadedFile } from './client';
import { unitKeys } from './units';

/** The area dictionary (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"). */
export const areaKeys = { all: ['areas'] as const, list: ['areas', 'list'] as const };

/** GET /dcap/sys/area/list: every area in tree order. */
export function useAreaListQuery() {
  const api = useApi();
  return useQuery({ queryKey: areaKeys.list, queryFn: ({ signal }): Promise<AreaList> => api.request('/sys/area/list', { signal, schema: areaListSchema }) });
}

/** Area changes also change the area names the unit list shows. */
function useAreaChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: areaKeys.all });
      await queryClient.invalidateQueries({ queryKey: unitKeys.all });
    },
  });
}

export function useSaveAreaMutation() {
  const api = useApi();
  return useAreaChange((body: SaveAreaRequest): Promise<Area> => api.request('/sys/area/save', { method: 'POST', json: body, notify: true, schema: areaSchema }));
}

export function useDeleteAreaMutation() {
  const api = useApi();
  return useAreaChange((id: number): Promise<null> => api.request('/sys/area/delete', { method: 'POST', json: { id }, notify: true, schema: z.null() }));
}

/** POST /dcap/sys/area/loadStandard: China and its provinces, codes already stored skipped. */
export function useLoadStandardAreasMutation() {
  const api = useApi();
  return useAreaChange((): Promise<AreaStandardResult> => api.request('/sys/area/loadStandard', { method: 'POST', json: { list: 'cn' }, schema: areaStandardResultSchema }));
}

export function useAreaTemplateDownload() {
  const api = useApi();
  return useMutation({ mutationFn: (): Promise<DownloadedFile> => api.download('/sys/area/exportTemplate') });
}

/** POST /dcap/sys/area/import: a dry run checks the sheet; otherwise every row is created, or none. */
export function useAreaImportMutation() {
  return useAreaChange(useAreaImportCall());
}

function useAreaImportCall() {
  const api = useApi();
  return ({ file, dryRun }: { file: File; dryRun: boolean }): Promise<AreaImportReport> => {
    const upload = new FormData();
    upload.append('dryRun', String(dryRun));
    upload.append('file', file);
    return api.request('/sys/area/import', { method: 'POST', upload, schema: areaImportReportSchema, silent: true });
  };
}
