import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodingDictionary, CodingDictionaryKind, CodingSetup, CodingState, CodingTermPage, CodingValuePage } from '@dcap/core';
import { codingCodeResultSchema, codingDictionaryIdSchema, codingDictionaryListSchema, codingDictionarySchema, codingSetupSchema, codingTermPageSchema, codingValuePageSchema } from '@dcap/core';
import { useApi } from '../../app/services';
import type { DownloadedFile } from '../../api/client';

/** The coding library (docs/decisions.md "Coding library"): the platform's dictionaries and a project's coding. */
export const codingKeys = {
  all: ['coding'] as const,
  dictionaries: ['coding', 'dictionaries'] as const,
  terms: (scope: 'sys' | 'project', query: TermSearch) => ['coding', 'terms', scope, query] as const,
  setup: ['coding', 'setup'] as const,
  values: (query: ValueSearch) => ['coding', 'values', query] as const,
};

export interface TermSearch {
  dictionaryId: number;
  text: string;
  code: string;
  level: string;
  page: number;
  pageSize: number;
}

export interface ValueSearch {
  fieldId: number;
  state?: CodingState;
  text: string;
  page: number;
  pageSize: number;
}

/** How often the dictionary list asks again while an upload is importing. */
export const CODING_POLL_MS = 2000;

export const hasImporting = (list: readonly CodingDictionary[] | undefined): boolean => list?.some((d) => d.status === 'importing') ?? false;

/** The dictionaries; asked again while an upload imports, so its progress moves (docs/decisions.md "Coding library"). */
export function useCodingDictionaries() {
  const api = useApi();
  return useQuery({
    queryKey: codingKeys.dictionaries,
    queryFn: ({ signal }): Promise<CodingDictionary[]> => api.request('/sys/coding/list', { signal, schema: codingDictionaryListSchema }),
    refetchInterval: (query) => (hasImporting(query.state.data) ? CODING_POLL_MS : false),
  });
}

/** A page of terms: the administrator's browser reads any dictionary, coding reads enabled ones. */
export function useCodingTerms(scope: 'sys' | 'project', query: TermSearch | null) {
  const api = useApi();
  return useQuery({
    queryKey: codingKeys.terms(scope, query ?? { dictionaryId: 0, text: '', code: '', level: '', page: 1, pageSize: 10 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<CodingTermPage> =>
      api.request(scope === 'sys' ? '/sys/coding/terms' : '/coding/terms', {
        signal,
        query: { dictionaryId: query?.dictionaryId, text: query?.text || undefined, code: query?.code || undefined, level: query?.level || undefined, page: query?.page, pageSize: query?.pageSize },
        schema: codingTermPageSchema,
      }),
  });
}

export interface DictionaryUpload {
  file: File;
  name: string;
  kind: CodingDictionaryKind;
  version: string;
  language?: string;
  licenceNote?: string;
}

export function useDictionaryUpload() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DictionaryUpload) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: input.name, kind: input.kind, version: input.version, language: input.language, licenceNote: input.licenceNote })) {
        if (value !== undefined && value !== '') form.append(key, value);
      }
      form.append('file', input.file);
      return api.request('/sys/coding/upload', { method: 'POST', upload: form, timeoutMs: 600_000, notify: true, schema: codingDictionarySchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codingKeys.all }),
  });
}

export function useDictionaryEnable() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; enabled: boolean }) => api.request('/sys/coding/enable', { method: 'POST', json: input, notify: true, schema: codingDictionarySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codingKeys.all }),
  });
}

export function useDictionaryDelete() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request('/sys/coding/delete', { method: 'POST', json: { id }, notify: true, schema: codingDictionaryIdSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codingKeys.all }),
  });
}

export function useCodingSetup() {
  const api = useApi();
  return useQuery({ queryKey: codingKeys.setup, queryFn: ({ signal }): Promise<CodingSetup> => api.request('/coding/setup', { signal, schema: codingSetupSchema }) });
}

export function useCodingFieldSave() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { instrumentId: number; path: string; dictionaryId: number }) => api.request('/coding/field/save', { method: 'POST', json: input, notify: true, schema: codingSetupSchema }),
    onSuccess: (setup) => queryClient.setQueryData(codingKeys.setup, setup),
  });
}

export function useCodingFieldDelete() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request('/coding/field/delete', { method: 'POST', json: { id }, notify: true, schema: codingSetupSchema }),
    onSuccess: (setup) => queryClient.setQueryData(codingKeys.setup, setup),
  });
}

export function useCodingValues(query: ValueSearch | null) {
  const api = useApi();
  return useQuery({
    queryKey: codingKeys.values(query ?? { fieldId: 0, text: '', page: 1, pageSize: 20 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<CodingValuePage> =>
      api.request('/coding/values', { signal, query: { fieldId: query?.fieldId, state: query?.state, text: query?.text || undefined, page: query?.page, pageSize: query?.pageSize }, schema: codingValuePageSchema }),
  });
}

export function useCodeValue() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelInstanceId: number; path: string; termCode: string; sameText: boolean }) => api.request('/coding/code', { method: 'POST', json: input, notify: true, schema: codingCodeResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coding', 'values'] }),
  });
}

export function useUncodeValue() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelInstanceId: number; path: string }) => api.request('/coding/uncode', { method: 'POST', json: input, notify: true, schema: codingCodeResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coding', 'values'] }),
  });
}

/** GET /dcap/coding/export: the coding listing of one field (one state if chosen) as a file. */
export function useCodingExport() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ fieldId, state, format }: { fieldId: number; state?: CodingState; format: 'xlsx' | 'csv' }): Promise<DownloadedFile> =>
      api.download('/coding/export', { query: { fieldId, format, ...(state ? { state } : {}) } }),
  });
}
