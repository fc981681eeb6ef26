import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  allocationReplySchema,
  noDataSchema,
  randAllocationPageSchema,
  randomiseReplySchema,
  randSchemeListSchema,
  randSchemeSchema,
  randSlotPageSchema,
  randTableListSchema,
  randTableSchema,
  simulationReportSchema,
  siteMappingListSchema,
  siteMappingSchema,
  tableUploadReplySchema,
} from '@dcap/core';
import type { RandomiseRequest, RandScheme, RandTableKind, SchemeSaveRequest, SimulateRequest, SiteMappingSaveRequest } from '@dcap/core';
import { useApi } from '../../app/services';
import { scheduleKeys } from '../schedule/api';
import { subjectKeys } from '../subjects/api';

/**
 * The Balance calls (docs/api.md "balance"). Every answer is read through core's response schemas, whose
 * arm-revealing fields are optional: a blinded caller's answers simply lack them.
 */
export const balanceKeys = {
  all: ['balance'] as const,
  schemes: (projectId: number, env: string) => ['balance', 'schemes', projectId, env] as const,
  tables: (schemeId: number) => ['balance', 'tables', schemeId] as const,
  slots: (tableId: number, page: number, pageSize: number, stratum: string) => ['balance', 'slots', tableId, page, pageSize, stratum] as const,
  allocations: (projectId: number, env: string, page: number, pageSize: number) => ['balance', 'allocations', projectId, env, page, pageSize] as const,
  subjectAllocation: (subjectId: number) => ['balance', 'subjectAllocation', subjectId] as const,
  siteMappings: (projectId: number) => ['balance', 'siteMappings', projectId] as const,
};

/** GET /dcap/balance/scheme/list: the project's schemes, newest first. */
export function useSchemesQuery(projectId: number | null, env: string | null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: balanceKeys.schemes(projectId ?? 0, env ?? ''),
    enabled: enabled && projectId !== null,
    queryFn: ({ signal }) => api.request('/balance/scheme/list', { signal, silent: true, schema: randSchemeListSchema }),
  });
}

/** The approved scheme subjects are randomised by, if there is one. */
export function approvedScheme(schemes: readonly RandScheme[] | undefined): RandScheme | null {
  return schemes?.find((scheme) => scheme.status === 'approved') ?? null;
}

function useBalanceWrite<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }) });
}

/** POST /dcap/balance/scheme/save; silent, so the designer puts the server's complaints on its fields. */
export function useSaveScheme() {
  const api = useApi();
  return useBalanceWrite((body: SchemeSaveRequest) => api.request('/balance/scheme/save', { method: 'POST', json: body, silent: true, schema: randSchemeSchema }));
}

export function useDeleteScheme() {
  const api = useApi();
  return useBalanceWrite((id: number) => api.request('/balance/scheme/delete', { method: 'POST', json: { id }, notify: true, schema: noDataSchema }));
}

export function useApproveScheme() {
  const api = useApi();
  return useBalanceWrite((body: { id: number; version: number }) => api.request('/balance/scheme/approve', { method: 'POST', json: body, notify: true, serverMessage: true, schema: randSchemeSchema }));
}

/** A simulation of many trials may take a few seconds on a busy server. */
const SIMULATION_TIMEOUT_MS = 120_000;

/** POST /dcap/balance/scheme/simulate: the report is also kept with the scheme, so the scheme list is read again. */
export function useSimulateScheme() {
  const api = useApi();
  return useBalanceWrite((body: SimulateRequest) =>
    api.request('/balance/scheme/simulate', { method: 'POST', json: body, timeoutMs: SIMULATION_TIMEOUT_MS, schema: simulationReportSchema }),
  );
}

/** GET /dcap/balance/table/list. */
export function useTablesQuery(schemeId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: balanceKeys.tables(schemeId ?? 0),
    enabled: schemeId !== null,
    queryFn: ({ signal }) => api.request('/balance/table/list', { signal, query: { schemeId }, silent: true, schema: randTableListSchema }),
  });
}

export function useGenerateTable() {
  const api = useApi();
  return useBalanceWrite((body: { schemeId: number; kind: RandTableKind }) =>
    api.request('/balance/table/generate', { method: 'POST', json: body, notify: true, serverMessage: true, timeoutMs: SIMULATION_TIMEOUT_MS, schema: randTableSchema }),
  );
}

/** POST /dcap/balance/table/upload (multipart); the reply lists every row's problems or the saved list. */
export function useUploadTable() {
  const api = useApi();
  return useBalanceWrite((body: { schemeId: number; kind: RandTableKind; file: File }) => {
    const form = new FormData();
    form.append('schemeId', String(body.schemeId));
    form.append('kind', body.kind);
    form.append('file', body.file, body.file.name);
    return api.request('/balance/table/upload', { method: 'POST', upload: form, timeoutMs: SIMULATION_TIMEOUT_MS, schema: tableUploadReplySchema });
  });
}

/** POST /dcap/balance/table/slots: one page of a list's slots. */
export function useSlotsQuery(tableId: number | null, page: number, pageSize: number, stratum: string) {
  const api = useApi();
  return useQuery({
    queryKey: balanceKeys.slots(tableId ?? 0, page, pageSize, stratum),
    enabled: tableId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.request('/balance/table/slots', {
        method: 'POST',
        signal,
        silent: true,
        json: { tableId, page, pageSize, ...(stratum ? { stratum } : {}) },
        schema: randSlotPageSchema,
      }),
  });
}

/** POST /dcap/balance/allocation/list. */
export function useAllocationsQuery(projectId: number | null, env: string | null, page: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: balanceKeys.allocations(projectId ?? 0, env ?? '', page, pageSize),
    enabled: projectId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request('/balance/allocation/list', { method: 'POST', signal, silent: true, json: { page, pageSize }, schema: randAllocationPageSchema }),
  });
}

/** GET /dcap/balance/allocation/subject/:id: null before randomisation. */
export function useSubjectAllocationQuery(subjectId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: balanceKeys.subjectAllocation(subjectId),
    enabled,
    queryFn: ({ signal }) => api.request(`/balance/allocation/subject/${String(subjectId)}`, { signal, silent: true, schema: allocationReplySchema }),
  });
}

/** POST /dcap/balance/randomise; silent, so the dialog shows a refusal beside the field it concerns. */
export function useRandomise() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RandomiseRequest) => api.request('/balance/randomise', { method: 'POST', json: body, silent: true, schema: randomiseReplySchema }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subjectKeys.all });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}

/** GET /dcap/balance/siteMapping/list: each site's code at the remote service and whether the service knows it. */
export function useSiteMappingsQuery(projectId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: balanceKeys.siteMappings(projectId ?? 0),
    enabled: projectId !== null,
    queryFn: ({ signal }) => api.request('/balance/siteMapping/list', { signal, silent: true, schema: siteMappingListSchema }),
  });
}

/** POST /dcap/balance/siteMapping/save; silent, so the dialog shows the service's refusal in the caller's language. */
export function useSaveSiteMapping() {
  const api = useApi();
  return useBalanceWrite((body: SiteMappingSaveRequest) => api.request('/balance/siteMapping/save', { method: 'POST', json: body, silent: true, schema: siteMappingSchema }));
}
