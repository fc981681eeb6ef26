import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dictOptionsResponseSchema,
  libraryDeletedIdSchema,
  sysDerivedFieldSchema,
  sysDictSchema,
  sysStandardDomainSchema,
  sysStandardFieldSchema,
  sysTemplateDetailSchema,
  sysTemplateSchema,
} from '@dcap/core';
import type {
  DerivedFieldGroup,
  SaveSysDerivedFieldRequest,
  SaveSysDictRequest,
  SaveSysStandardDomainRequest,
  SaveSysStandardFieldRequest,
  SaveSysTemplateRequest,
} from '@dcap/core';
import { z } from 'zod';
import { useApi } from '../app/services';

/**
 * The platform library administration (spec 000 §2.2 /sys/standardField, /sys/standardInstrument, /sys/dict
 * and the derived-field library). The designers read the libraries through api/designer.ts.
 */
export const libraryKeys = {
  all: ['library'] as const,
  domains: ['library', 'domains'] as const,
  fields: (domain: string, keyword: string) => ['library', 'fields', domain, keyword] as const,
  templates: (keyword: string) => ['library', 'templates', keyword] as const,
  template: (id: number) => ['library', 'template', id] as const,
  dicts: (keyword: string) => ['library', 'dicts', keyword] as const,
  derived: (group: string, keyword: string) => ['library', 'derived', group, keyword] as const,
};

const domainListSchema = sysStandardDomainSchema.array();
const fieldListSchema = sysStandardFieldSchema.array();
const templateListSchema = sysTemplateSchema.array();
const dictListSchema = sysDictSchema.array();
const derivedListSchema = sysDerivedFieldSchema.array();
const deletedDomainSchema = z.object({ domain: z.string() });

/** Any change invalidates every library list, and the designer's cached libraries with them. */
function useLibraryChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: libraryKeys.all }), queryClient.invalidateQueries({ queryKey: ['designer'] })]);
    },
  });
}

export function useStandardDomainsQuery() {
  const api = useApi();
  return useQuery({ queryKey: libraryKeys.domains, queryFn: ({ signal }) => api.request('/sys/standardDomain/list', { signal, schema: domainListSchema }) });
}

export function useStandardFieldListQuery(domain: string, keyword: string) {
  const api = useApi();
  return useQuery({
    queryKey: libraryKeys.fields(domain, keyword.trim()),
    queryFn: ({ signal }) =>
      api.request('/sys/standardField/list', { signal, schema: fieldListSchema, query: { ...(domain ? { domain } : {}), ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveStandardFieldMutation() {
  const api = useApi();
  return useLibraryChange((body: SaveSysStandardFieldRequest) => api.request('/sys/standardField/save', { method: 'POST', json: body, notify: true, schema: sysStandardFieldSchema }));
}

export function useDeleteStandardFieldMutation() {
  const api = useApi();
  return useLibraryChange((id: number) => api.request('/sys/standardField/delete', { method: 'POST', json: { id }, notify: true, schema: libraryDeletedIdSchema }));
}

export function useSaveStandardDomainMutation() {
  const api = useApi();
  return useLibraryChange((body: SaveSysStandardDomainRequest) => api.request('/sys/standardDomain/save', { method: 'POST', json: body, notify: true, schema: sysStandardDomainSchema }));
}

export function useDeleteStandardDomainMutation() {
  const api = useApi();
  return useLibraryChange((domain: string) => api.request('/sys/standardDomain/delete', { method: 'POST', json: { domain }, notify: true, schema: deletedDomainSchema }));
}

export function useTemplateListQuery(keyword: string) {
  const api = useApi();
  return useQuery({
    queryKey: libraryKeys.templates(keyword.trim()),
    queryFn: ({ signal }) => api.request('/sys/standardInstrument/list', { signal, schema: templateListSchema, query: keyword.trim() ? { keyword: keyword.trim() } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** One template with its panel, for the edit dialog. */
export function useTemplateQuery(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: libraryKeys.template(id ?? 0),
    queryFn: ({ signal }) => api.request(`/sys/standardInstrument/get/${String(id)}`, { signal, schema: sysTemplateDetailSchema }),
    enabled: id !== null,
  });
}

export function useSaveTemplateMutation() {
  const api = useApi();
  return useLibraryChange((body: SaveSysTemplateRequest) => api.request('/sys/standardInstrument/save', { method: 'POST', json: body, notify: true, schema: sysTemplateDetailSchema }));
}

export function useDeleteTemplateMutation() {
  const api = useApi();
  return useLibraryChange((id: number) => api.request('/sys/standardInstrument/delete', { method: 'POST', json: { id }, notify: true, schema: libraryDeletedIdSchema }));
}

export function useDictListQuery(keyword: string) {
  const api = useApi();
  return useQuery({
    queryKey: libraryKeys.dicts(keyword.trim()),
    queryFn: ({ signal }) => api.request('/sys/dict/list', { signal, schema: dictListSchema, query: keyword.trim() ? { keyword: keyword.trim() } : {} }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDictMutation() {
  const api = useApi();
  return useLibraryChange((body: SaveSysDictRequest) => api.request('/sys/dict/save', { method: 'POST', json: body, notify: true, schema: sysDictSchema }));
}

export function useDeleteDictMutation() {
  const api = useApi();
  return useLibraryChange((id: number) => api.request('/sys/dict/delete', { method: 'POST', json: { id }, notify: true, schema: libraryDeletedIdSchema }));
}

/** The platform dictionaries as the designer sees them, for choosing a coded variable's options. */
export function usePlatformDictOptionsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: [...libraryKeys.all, 'dictOptions'],
    queryFn: ({ signal }) => api.request('/project/dict/getDictOptions', { signal, method: 'POST', json: {}, schema: dictOptionsResponseSchema }),
  });
}

export function useDerivedFieldListQuery(group: DerivedFieldGroup | '', keyword: string) {
  const api = useApi();
  return useQuery({
    queryKey: libraryKeys.derived(group, keyword.trim()),
    queryFn: ({ signal }) =>
      api.request('/sys/derivedField/list', { signal, schema: derivedListSchema, query: { ...(group ? { group } : {}), ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDerivedFieldMutation() {
  const api = useApi();
  return useLibraryChange((body: SaveSysDerivedFieldRequest) => api.request('/sys/derivedField/save', { method: 'POST', json: body, notify: true, schema: sysDerivedFieldSchema }));
}

export function useDeleteDerivedFieldMutation() {
  const api = useApi();
  return useLibraryChange((id: number) => api.request('/sys/derivedField/delete', { method: 'POST', json: { id }, notify: true, schema: libraryDeletedIdSchema }));
}
