import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { articleSchema, currentArticleSchema, portalConfigSchema, uiConfigSchema } from '@dcap/core';
import type { ArticlePublish, ArticleSave, UiConfigSave } from '@dcap/core';
import { z } from 'zod';
import { useApi } from '../../app/services';

/** Bulletins (spec 000 §7.2) and project UI settings (spec 002 §7). */
export const contentKeys = {
  articles: ['articles'] as const,
  // Not under `articles`: the manager's changes must not reopen the dialog on the page they are on (spec 000 §4.5: fetched at load).
  current: ['currentArticle'] as const,
  uiConfig: (projectId: number) => ['uiConfig', projectId] as const,
  portal: (url: string) => ['portal', url] as const,
};

export function useArticles() {
  const api = useApi();
  return useQuery({ queryKey: contentKeys.articles, queryFn: ({ signal }) => api.request('/sys/article/list', { signal, schema: z.array(articleSchema) }) });
}

/** The bulletin shown now, fetched once at load by the shell (spec 000 §4.5). */
export function useCurrentArticle(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: contentKeys.current,
    queryFn: ({ signal }) => api.request('/sys/article/getArticle', { method: 'POST', signal, silent: true, schema: currentArticleSchema }),
    enabled,
    staleTime: Infinity,
  });
}

export function useSaveArticle() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArticleSave) => api.request('/sys/article/save', { method: 'POST', json: body, notify: true, schema: articleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.articles }),
  });
}

export function usePublishArticle() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArticlePublish) => api.request('/sys/article/publish', { method: 'POST', json: body, notify: true, schema: articleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.articles }),
  });
}

export function useDeleteArticle() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/sys/article/delete/${String(id)}`, { method: 'POST', notify: true, schema: z.null() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.articles }),
  });
}

export function useUiConfig(projectId: number | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: contentKeys.uiConfig(projectId ?? 0),
    queryFn: ({ signal }) => api.request(`/projectUIConfig/getUIConfig/${String(projectId)}`, { signal, silent: true, schema: uiConfigSchema }),
    enabled: typeof projectId === 'number',
  });
}

export function useSaveUiConfig() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UiConfigSave) => api.request('/projectUIConfig/saveUIConfig', { method: 'POST', json: body, notify: true, schema: uiConfigSchema }),
    onSuccess: (saved) => queryClient.setQueryData(contentKeys.uiConfig(saved.projectId), saved),
  });
}

export function usePortal(url: string) {
  const api = useApi();
  return useQuery({
    queryKey: contentKeys.portal(url),
    queryFn: ({ signal }) => api.request(`/projectUIConfig/getUIConfigByUrl/${encodeURIComponent(url)}`, { signal, silent: true, schema: portalConfigSchema }),
    retry: false,
  });
}
