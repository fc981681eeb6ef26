import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alterationPageSchema,
  derivedLogSchema,
  fieldAuditSchema,
  panelQueriesSchema,
  queryFilterOptionsSchema,
  queryPageSchema,
  querySchema,
  queryThreadSchema,
} from '@dcap/core';
import type { ExportFormat, Query, QueryAgeGroup, QueryStatus, QueryUserAction } from '@dcap/core';
import type { DownloadedFile } from '../../api/client';
import { useApi } from '../../app/services';

/** The browser's IANA time zone: exports write times with its offset (COMPLIANCE TS-2). */
export function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const queryKeys = {
  all: ['queries'] as const,
  panel: (panelInstanceId: number, path?: string) => ['queries', 'panel', panelInstanceId, path ?? null] as const,
  thread: (id: number) => ['queries', 'thread', id] as const,
  list: (filters: QueryFilters, page: Paging) => ['queries', 'list', filters, page] as const,
  options: (projectId: number | null, env: string | null) => ['queries', 'options', projectId, env] as const,
  fieldAudit: (panelInstanceId: number, path: string) => ['queries', 'audit', panelInstanceId, path] as const,
  derived: (panelInstanceId: number, path: string) => ['queries', 'derived', panelInstanceId, path] as const,
  alteration: (filters: AlterationFilters, page: Paging) => ['queries', 'alteration', filters, page] as const,
};

export interface Paging {
  pageNo: number;
  pageSize: number;
}

export interface QueryFilters {
  siteId?: number;
  status?: QueryStatus;
  eventId?: number;
  instrumentId?: number;
  subject?: string;
  age?: QueryAgeGroup;
}

export interface AlterationFilters {
  siteId?: number;
  subjectId?: number;
  subject?: string;
  eventId?: number;
  instrumentId?: number;
  userId?: number;
  action?: string;
  /** ISO instants with offset. */
  from?: string;
  to?: string;
}

/** GET /dcap/query/panel: the queries of a panel instance, or of one field. */
export function usePanelQueries(panelInstanceId: number, path?: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.panel(panelInstanceId, path),
    enabled,
    queryFn: ({ signal }) => api.request('/query/panel', { signal, query: { panelInstanceId, path }, schema: panelQueriesSchema }),
  });
}

/** GET /dcap/query/thread: a query with its comments. */
export function useQueryThread(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.thread(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.request('/query/thread', { signal, query: { id: id ?? 0 }, schema: queryThreadSchema }),
  });
}

export interface RaiseInput {
  panelInstanceId: number;
  path: string;
  content?: string;
  contentEn?: string;
}

/** After any query write, every query list, thread and count is read again, and the panel's counts too. */
function useInvalidateQueries() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.all }), queryClient.invalidateQueries({ queryKey: ['recordPanel'] })]);
}

/** POST /dcap/query/raise. */
export function useRaiseQuery() {
  const api = useApi();
  const invalidate = useInvalidateQueries();
  return useMutation({
    mutationFn: (input: RaiseInput): Promise<Query> => api.request('/query/raise', { method: 'POST', json: input, notify: true, schema: querySchema }),
    onSuccess: () => invalidate(),
  });
}

/** POST /dcap/query/answer, close or cancel. */
export function useQueryAction() {
  const api = useApi();
  const invalidate = useInvalidateQueries();
  return useMutation({
    mutationFn: ({ action, id, comment }: { action: QueryUserAction; id: number; comment: string }): Promise<Query> =>
      api.request(`/query/${action}`, { method: 'POST', json: comment.trim() === '' && action !== 'answer' ? { id } : { id, comment }, notify: true, schema: querySchema }),
    onSuccess: () => invalidate(),
  });
}

/** GET /dcap/query/options: the filter choices. */
export function useQueryFilterOptions(projectId: number | null, env: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.options(projectId, env),
    enabled: projectId !== null,
    queryFn: ({ signal }) => api.request('/query/options', { signal, schema: queryFilterOptionsSchema }),
  });
}

/** GET /dcap/query/list: the query management list. */
export function useQueryList(filters: QueryFilters, page: Paging) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.list(filters, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request('/query/list', { signal, query: { ...filters, ...page }, schema: queryPageSchema }),
  });
}

/** GET /dcap/audit/field: the audit log of one field. */
export function useFieldAudit(panelInstanceId: number, path: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.fieldAudit(panelInstanceId, path),
    queryFn: ({ signal }) => api.request('/audit/field', { signal, query: { panelInstanceId, path }, schema: fieldAuditSchema }),
  });
}

/** GET /dcap/audit/derived: the derived log of a formula field. */
export function useDerivedLog(panelInstanceId: number, path: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.derived(panelInstanceId, path),
    queryFn: ({ signal }) => api.request('/audit/derived', { signal, query: { panelInstanceId, path }, schema: derivedLogSchema }),
  });
}

/** GET /dcap/audit/alteration: the alteration log. */
export function useAlterationLog(filters: AlterationFilters, page: Paging) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.alteration(filters, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request('/audit/alteration', { signal, query: { ...filters, ...page }, schema: alterationPageSchema }),
  });
}

/** GET /dcap/query/export and /dcap/audit/alteration/export: the filtered list as a file. */
export function useListExport() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ what, filters, format }: { what: 'queries' | 'alteration'; filters: QueryFilters | AlterationFilters; format: ExportFormat }): Promise<DownloadedFile> =>
      api.download(what === 'queries' ? '/query/export' : '/audit/alteration/export', { query: { ...filters, format, timeZone: browserZone() } }),
  });
}
