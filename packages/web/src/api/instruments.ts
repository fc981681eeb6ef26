import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletedIdSchema, instrumentSchema, panelDataSchema, templatePanelSchema, templatesResponseSchema } from '@dcap/core';
import type { CopyTemplateRequest, Instrument, PanelData, SaveInstrumentRequest, TemplatePanel, UploadMode } from '@dcap/core';
import { useApi } from '../app/services';
import type { ApiClient } from './client';

export const instrumentKeys = {
  all: ['instruments'] as const,
  list: (projectId: number) => ['instruments', 'list', projectId] as const,
  preview: (instrumentId: number) => ['instruments', 'preview', instrumentId] as const,
  versionPreview: (instrumentId: number, version: number) => ['instruments', 'versionPreview', instrumentId, version] as const,
  templates: ['instruments', 'templates'] as const,
  templatePanel: (templateId: number) => ['instruments', 'templatePanel', templateId] as const,
};

/** Events and the matrix list instruments too, so any instrument change (an import too) refreshes them as well. */
export const DEPENDENT_KEYS = [instrumentKeys.all, ['events'], ['design']] as const;

const instrumentListSchema = instrumentSchema.array();

/** GET /dcap/project/instrument/list/:projectId: the project's instruments (panels) in their order. */
export function useInstrumentListQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: instrumentKeys.list(projectId),
    queryFn: ({ signal }) => api.request(`/project/instrument/list/${String(projectId)}`, { signal, schema: instrumentListSchema }),
  });
}

/** A mutation that refreshes every list showing instruments once it succeeds. */
function useInstrumentChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST /dcap/project/instrument/save: creates (no id) or edits an instrument's name, abbreviation and description. */
export function useSaveInstrumentMutation() {
  const api = useApi();
  return useInstrumentChange(
    (body: SaveInstrumentRequest): Promise<Instrument> =>
      api.request('/project/instrument/save', { method: 'POST', json: body, notify: true, schema: instrumentSchema }),
  );
}

/**
 * GET /dcap/project/instrument/copy/:id: a copy inside the project, with a suffixed abbreviation. Calls that
 * name only an instrument carry the project as a query hint, so the server checks rights in that project.
 */
export function useCopyInstrumentMutation() {
  const api = useApi();
  return useInstrumentChange(
    ({ projectId, id }: { projectId: number; id: number }): Promise<Instrument> =>
      api.request(`/project/instrument/copy/${String(id)}`, { query: { projectId }, notify: true, schema: instrumentSchema }),
  );
}

/** POST /dcap/project/instrument/copyTemplate: a new instrument from a library panel template. */
export function useCopyTemplateMutation() {
  const api = useApi();
  return useInstrumentChange(
    (body: CopyTemplateRequest): Promise<Instrument> =>
      api.request('/project/instrument/copyTemplate', { method: 'POST', json: body, notify: true, schema: instrumentSchema }),
  );
}

/** POST /dcap/project/instrument/delete. */
export function useDeleteInstrumentMutation() {
  const api = useApi();
  return useInstrumentChange(
    (body: { projectId: number; id: number }): Promise<unknown> =>
      api.request('/project/instrument/delete', { method: 'POST', json: body, notify: true, schema: deletedIdSchema }),
  );
}

/** `items` in the order of `ids`; items the order does not name keep their place at the end. */
export function orderedBy<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}

/**
 * POST /dcap/project/instrument/sort with every instrument id of the project in the new order. The list shows
 * the new order at once (a dragged row must not jump back while the call runs) and is reloaded either way.
 */
export function useSortInstrumentsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; ids: number[] }): Promise<Instrument[]> =>
      api.request('/project/instrument/sort', { method: 'POST', json: body, schema: instrumentListSchema }),
    onMutate: async ({ projectId, ids }) => {
      await queryClient.cancelQueries({ queryKey: instrumentKeys.list(projectId) });
      queryClient.setQueryData<Instrument[]>(instrumentKeys.list(projectId), (list) => (list ? orderedBy(list, ids) : list));
    },
    onSettled: async () => {
      await Promise.all(DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST /dcap/project/instrument/preview: the draft panel of one instrument, for the read-only preview. */
export function useInstrumentPreviewQuery(projectId: number, instrumentId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: instrumentKeys.preview(instrumentId ?? 0),
    enabled: instrumentId !== null,
    queryFn: ({ signal }): Promise<PanelData> =>
      api.request('/project/instrument/preview', {
        signal,
        method: 'POST',
        query: { projectId },
        json: { instrumentId, configMode: 'draft' },
        schema: panelDataSchema,
      }),
  });
}

/**
 * GET /dcap/project/instrument/preview/:instrumentId/:version: the panel as a published design version holds
 * it. Published versions never change, so the answer is kept. Silent: an instrument added after the version
 * is simply not in it, which the preview says itself.
 */
export function useInstrumentVersionPreviewQuery(projectId: number, instrumentId: number | null, version: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: instrumentKeys.versionPreview(instrumentId ?? 0, version ?? 0),
    enabled: instrumentId !== null && version !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: ({ signal }): Promise<PanelData> =>
      api.request(`/project/instrument/preview/${String(instrumentId)}/${String(version)}`, {
        signal,
        query: { projectId },
        silent: true,
        schema: panelDataSchema,
      }),
  });
}

/** GET /dcap/project/instrument/templates: the panel templates of the library (`data.instruments`). */
export function useInstrumentTemplatesQuery(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: instrumentKeys.templates,
    enabled,
    queryFn: ({ signal }) => api.request('/project/instrument/templates', { signal, schema: templatesResponseSchema }),
  });
}

/** POST /dcap/project/instrument/previewTemplatePanel: a template's panel, before it is copied. */
export function useTemplatePanelQuery(templateId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: instrumentKeys.templatePanel(templateId ?? 0),
    enabled: templateId !== null,
    queryFn: ({ signal }): Promise<TemplatePanel> =>
      api.request('/project/instrument/previewTemplatePanel', { signal, method: 'POST', json: { templateId }, schema: templatePanelSchema }),
  });
}

/** What a download hands to the browser: the instrument file as the server wrote it. */
export interface InstrumentDownload {
  filename: string;
  content: unknown;
}

/**
 * The download calls answer with the instrument file itself (no envelope), which the client passes through;
 * reading it as JSON rather than as a blob keeps the page independent of the content type the server sets.
 */
async function downloadJson(api: ApiClient, path: string, filename: string, query: Record<string, number> = {}): Promise<InstrumentDownload> {
  // Pass-through: the answer is a file of the platform's own export format, kept as it came.
  return { filename, content: await api.request<unknown>(path, { query }) };
}

/** GET /dcap/project/instrument/download/:id, or downloadAll/:projectId when no instrument is given. */
export function useDownloadInstrumentsMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (target: { projectId: number; projectCode: string; instrument?: Instrument }): Promise<InstrumentDownload> =>
      target.instrument
        ? downloadJson(api, `/project/instrument/download/${String(target.instrument.id)}`, `${target.instrument.nameAbbr}.json`, { projectId: target.projectId })
        : downloadJson(api, `/project/instrument/downloadAll/${String(target.projectId)}`, `${target.projectCode}-instruments.json`),
  });
}

/** GET /dcap/project/instrument/downloadTemplate/: an example file showing the upload format. */
export function useDownloadUploadTemplateMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (): Promise<InstrumentDownload> => downloadJson(api, '/project/instrument/downloadTemplate/', 'instrument-template.json'),
  });
}

export interface UploadInstrumentsInput {
  projectId: number;
  file: unknown;
  mode: UploadMode;
}

/** Uploads may carry many panels; they get the long timeout of the platform's other upload calls. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /dcap/project/instrument/upload with the parsed file. Silent, because a refusal lists problems per
 * panel and the dialog shows them itself.
 */
export function useUploadInstrumentsMutation() {
  const api = useApi();
  return useInstrumentChange(
    (body: UploadInstrumentsInput): Promise<Instrument[]> =>
      api.request('/project/instrument/upload', {
        method: 'POST',
        json: body,
        silent: true,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        schema: instrumentListSchema,
      }),
  );
}
