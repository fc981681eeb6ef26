import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyCreatedSchema, apiKeyListSchema, apiKeySchema, cacheListSchema, onlineUsersPageSchema, sysLogPageSchema } from '@dcap/core';
import type { ApiKeyCreate, ExportFormat, ServerCache, SysLogFilters } from '@dcap/core';
import { z } from 'zod';
import type { DownloadedFile } from '../../api/client';
import { useApi } from '../../app/services';
import { browserZone } from '../queries/api';

/** Platform administration (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache). */
export const adminKeys = {
  online: (keyword: string | undefined, pageNo: number) => ['admin', 'online', keyword ?? '', pageNo] as const,
  onlineAll: ['admin', 'online'] as const,
  sysLog: (filters: SysLogFilters, pageNo: number, pageSize: number) => ['admin', 'sysLog', filters, pageNo, pageSize] as const,
  caches: ['admin', 'caches'] as const,
};

export function useOnlineUsers(keyword: string | undefined, pageNo: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.online(keyword, pageNo),
    queryFn: ({ signal }) => api.request('/sys/onlineUser/list', { signal, schema: onlineUsersPageSchema, query: { keyword, pageNo, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** Ends another user's session; the list is read again. */
export function useForceSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api.request(`/sys/onlineUser/signOut/${String(sessionId)}`, { method: 'POST', notify: true, serverMessage: true, schema: z.null() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.onlineAll }),
  });
}

export function useSysLog(filters: SysLogFilters, pageNo: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.sysLog(filters, pageNo, pageSize),
    queryFn: ({ signal }) => api.request('/sys/sysLog/list', { signal, schema: sysLogPageSchema, query: { ...filters, pageNo, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** The operation log under its filters as a file, times in the browser's zone. */
export function useSysLogExport() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ filters, format }: { filters: SysLogFilters; format: ExportFormat }): Promise<DownloadedFile> =>
      api.download('/sys/sysLog/export', { query: { ...filters, format, timeZone: browserZone() } }),
  });
}

export function useCaches() {
  const api = useApi();
  return useQuery({ queryKey: adminKeys.caches, queryFn: ({ signal }) => api.request('/sys/cache/list', { signal, schema: cacheListSchema }) });
}

export function useClearCache() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: ServerCache) => api.request('/sys/cache/clear', { method: 'POST', json: { name }, notify: true, serverMessage: true, schema: cacheListSchema }),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.caches, data),
  });
}

export const apiKeyKeys = ['admin', 'apiKeys'] as const;

export function useApiKeys() {
  const api = useApi();
  return useQuery({ queryKey: apiKeyKeys, queryFn: ({ signal }) => api.request('/sys/internalinterface/list', { signal, schema: apiKeyListSchema }) });
}

/** Creates a key; the answer holds its secret, shown once. */
export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => api.request('/sys/internalinterface/save', { method: 'POST', json: body, notify: true, serverMessage: true, schema: apiKeyCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys }),
  });
}

export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/sys/internalinterface/revoke/${String(id)}`, { method: 'POST', notify: true, serverMessage: true, schema: apiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys }),
  });
}
