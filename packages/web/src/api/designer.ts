import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  derivedFieldPreviewSchema,
  derivedFieldsAllSchema,
  dictOptionsResponseSchema,
  panelDataSchema,
  savePanelBody,
  savePanelResultSchema,
  standardDomainPanelSchema,
  standardFieldsResponseSchema,
  standardFieldWidgetSchema,
  templateDetailSchema,
  templatesResponseSchema,
} from '@dcap/core';
import type { DerivedFieldPreview, Panel, PanelData, SavePanelResult, StandardDomainPanel, TemplateDetail, Widget } from '@dcap/core';
import { useApi } from '../app/services';

/**
 * The designers' calls (spec 001 §7): the panel draft, its saves, and the libraries the three selects and
 * the derived-variable groups draw from.
 */
export const designerKeys = {
  panel: (instrumentId: number) => ['designer', 'panel', instrumentId] as const,
  templates: ['designer', 'templates'] as const,
  template: (id: number) => ['designer', 'template', id] as const,
  domain: (domain: string) => ['designer', 'domain', domain] as const,
  standardFields: ['designer', 'standardFields'] as const,
  standardField: (id: number) => ['designer', 'standardField', id] as const,
  dictOptions: (projectId: number | null) => ['designer', 'dictOptions', projectId] as const,
  derivedFields: ['designer', 'derivedFields'] as const,
  derivedPreview: (id: number) => ['designer', 'derivedPreview', id] as const,
};

/** Library answers change only when an administrator edits them; a minute of caching is plenty. */
const LIBRARY_STALE_MS = 60_000;

/** POST /dcap/project/instrument/preview: the development draft of the instrument. */
export function usePanelQuery(instrumentId: number) {
  const api = useApi();
  return useQuery({
    queryKey: designerKeys.panel(instrumentId),
    queryFn: ({ signal }) =>
      api.request('/project/instrument/preview', { signal, method: 'POST', json: { instrumentId, configMode: 'draft' }, schema: panelDataSchema }),
    enabled: instrumentId > 0,
    // The designer edits a local copy; refetching under it would not change what is shown.
    refetchOnWindowFocus: false,
  });
}

export type PanelKind = 'form' | 'derived';

const SAVE_PATHS: Record<PanelKind, string> = {
  form: '/project/field/saveAllCfg',
  derived: '/project/derivedInstrument/saveFieldCfg',
};

export interface SavePanelInput {
  instrumentId: number;
  panel: Panel;
  revision?: number | undefined;
}

/**
 * saveAllCfg (form panels) or derivedInstrument/saveFieldCfg (derived panels). A 422 carries the panel
 * issues; the caller puts them on the widgets.
 */
export function useSavePanelMutation(kind: PanelKind) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ instrumentId, panel, revision }: SavePanelInput): Promise<SavePanelResult> =>
      api.request(SAVE_PATHS[kind], {
        method: 'POST',
        json: savePanelBody(instrumentId, panel, revision),
        notify: true,
        schema: savePanelResultSchema,
      }),
    // The cached draft becomes what was saved, so coming back to the designer shows it without a reload
    // and the designer's own copy is not replaced under the user.
    onSuccess: (result, { panel }) => {
      queryClient.setQueryData<PanelData>(designerKeys.panel(result.instrumentId), (old) => (old ? { ...old, panel, revision: result.revision } : old));
    },
  });
}

/** GET /dcap/project/instrument/templates: panel templates and standard domains (spec 001 §7). */
export function useTemplatesQuery() {
  const api = useApi();
  return useQuery({
    queryKey: designerKeys.templates,
    queryFn: ({ signal }) => api.request('/project/instrument/templates', { signal, schema: templatesResponseSchema }),
    staleTime: LIBRARY_STALE_MS,
  });
}

/** GET /dcap/standard/fields: every domain with its variables, for the grouped variable select. */
export function useStandardFieldsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: designerKeys.standardFields,
    queryFn: ({ signal }) => api.request('/standard/fields', { signal, schema: standardFieldsResponseSchema }),
    staleTime: LIBRARY_STALE_MS,
  });
}

/** POST /dcap/project/dict/getDictOptions: platform and project dictionaries for the option picker. */
export function useDictOptionsQuery(projectId: number | null, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: designerKeys.dictOptions(projectId),
    queryFn: ({ signal }) =>
      api.request('/project/dict/getDictOptions', {
        signal,
        method: 'POST',
        json: projectId === null ? {} : { projectId },
        schema: dictOptionsResponseSchema,
      }),
    enabled,
    staleTime: LIBRARY_STALE_MS,
  });
}

/** GET /dcap/project/derivedField/all: the three groups of derived variables. */
export function useDerivedFieldsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: designerKeys.derivedFields,
    queryFn: ({ signal }) => api.request('/project/derivedField/all', { signal, schema: derivedFieldsAllSchema }),
    staleTime: LIBRARY_STALE_MS,
  });
}

/**
 * One-off library reads the selects trigger on choice: a template's panel, a domain's panel, one standard
 * variable and one derived field's widgets. Cached through the query client so a second pick is instant.
 */
export function useLibraryFetchers() {
  const api = useApi();
  const queryClient = useQueryClient();
  return {
    template: (id: number): Promise<TemplateDetail> =>
      queryClient.query({
        queryKey: designerKeys.template(id),
        queryFn: () => api.request(`/project/instrument/template/${String(id)}`, { schema: templateDetailSchema }),
        staleTime: LIBRARY_STALE_MS,
      }),
    domain: (domain: string): Promise<StandardDomainPanel> =>
      queryClient.query({
        queryKey: designerKeys.domain(domain),
        queryFn: () => api.request('/standard/domain', { query: { domain }, schema: standardDomainPanelSchema }),
        staleTime: LIBRARY_STALE_MS,
      }),
    standardField: async (id: number): Promise<Widget> => {
      const answer = await queryClient.query({
        queryKey: designerKeys.standardField(id),
        queryFn: () => api.request(`/standard/field/${String(id)}`, { schema: standardFieldWidgetSchema }),
        staleTime: LIBRARY_STALE_MS,
      });
      return answer.widget;
    },
    derivedPreview: (id: number): Promise<DerivedFieldPreview> =>
      queryClient.query({
        queryKey: designerKeys.derivedPreview(id),
        queryFn: () => api.request(`/project/derivedField/preview/${String(id)}`, { schema: derivedFieldPreviewSchema }),
        staleTime: LIBRARY_STALE_MS,
      }),
  };
}
