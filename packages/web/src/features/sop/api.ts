import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sopDocumentDetailSchema, sopListSchema } from '@dcap/core';
import type { SopDocumentDetail, SopList, SopStatus } from '@dcap/core';
import type { DownloadedFile } from '../../api/client';
import { useApi } from '../../app/services';

/** SOP management of the session's project (spec 000 §2.2 /sopManage/sopDetail). */
export const sopKeys = {
  all: ['sop'] as const,
  list: (keyword: string, status: SopStatus | undefined) => ['sop', 'list', keyword, status ?? ''] as const,
  detail: (id: number) => ['sop', 'detail', id] as const,
};

export function useSopList(keyword: string, status: SopStatus | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: sopKeys.list(keyword, status),
    queryFn: ({ signal }): Promise<SopList> => api.request('/sop/list', { signal, query: { keyword: keyword || undefined, status }, schema: sopListSchema }),
  });
}

export function useSopDetail(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: sopKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }): Promise<SopDocumentDetail> => api.request(`/sop/detail/${String(id)}`, { signal, schema: sopDocumentDetailSchema }),
  });
}

export interface SopUploadInput {
  file: File;
  documentId?: number;
  code?: string;
  title?: string;
  titleEn?: string;
  note?: string;
}

export function useSopUpload() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SopUploadInput) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ documentId: input.documentId, code: input.code, title: input.title, titleEn: input.titleEn, note: input.note })) {
        if (value !== undefined && value !== '') form.append(key, String(value));
      }
      form.append('file', input.file);
      return api.request('/sop/upload', { method: 'POST', upload: form, timeoutMs: 600_000, notify: true, schema: sopDocumentDetailSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sopKeys.all }),
  });
}

export type SopStep = 'submit' | 'approve' | 'reject' | 'retire';

export function useSopStep() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, versionId, comment }: { step: SopStep; versionId: number; comment?: string }) =>
      api.request(`/sop/${step}`, { method: 'POST', json: { versionId, ...(comment ? { comment } : {}) }, notify: true, schema: sopDocumentDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sopKeys.all }),
  });
}

export function useSopDownload() {
  const api = useApi();
  return useMutation({ mutationFn: (versionId: number): Promise<DownloadedFile> => api.download('/sop/download', { query: { versionId } }) });
}
