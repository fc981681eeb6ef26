import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  supplyDispenseResultSchema,
  supplyDosingLineSchema,
  supplyKitListResultSchema,
  supplyKitPageSchema,
  supplyKitSchema,
  supplyKitsChangedSchema,
  supplyKitTypeSchema,
  supplyKitUploadResultSchema,
  supplyLocationSchema,
  supplyPlanSchema,
  supplyProductSchema,
  supplyShipmentPageSchema,
  supplyShipmentSchema,
  supplyShipmentsSchema,
  supplyStockSchema,
} from '@dcap/core';
import type {
  KitAction,
  ShipmentStatus,
  SupplyDispense,
  SupplyDosingSave,
  SupplyKitGenerate,
  SupplyKitListQuery,
  SupplyKitTypeSave,
  SupplyLocationSave,
  SupplyProductSave,
  SupplyResupplySave,
  SupplyShipmentCreate,
  SupplyTransferCreate,
} from '@dcap/core';
import { useApi } from '../../app/services';
import { useProjectContext } from '../../app/projectContext';

/**
 * The iSupply calls (docs/api.md "supply"). Answers are read through core's schemas, whose arm-revealing
 * fields are optional: a blinded caller's answers simply lack them, and the pages show what came.
 */
export const supplyKeys = {
  all: ['supply'] as const,
  plan: (scope: string) => ['supply', 'plan', scope] as const,
  locations: (scope: string) => ['supply', 'locations', scope] as const,
  kits: (scope: string, query: SupplyKitListQuery) => ['supply', 'kits', scope, query] as const,
  shipments: (scope: string, status: ShipmentStatus | null, page: number) => ['supply', 'shipments', scope, status, page] as const,
  expiry: (scope: string, days: number) => ['supply', 'expiry', scope, days] as const,
  stock: (scope: string) => ['supply', 'stock', scope] as const,
};

/** Plans are project-wide, kits and shipments per environment: the session's project and environment key each answer. */
function useScope(): { scope: string; enabled: boolean } {
  const { project, currentEnv } = useProjectContext();
  return { scope: `${String(project?.id ?? 0)}:${currentEnv?.key ?? ''}`, enabled: project !== null };
}

export function usePlanQuery() {
  const api = useApi();
  const { scope, enabled } = useScope();
  return useQuery({ queryKey: supplyKeys.plan(scope), enabled, queryFn: ({ signal }) => api.request('/supply/plan', { signal, silent: true, schema: supplyPlanSchema }) });
}

export function useLocationsQuery() {
  const api = useApi();
  const { scope, enabled } = useScope();
  return useQuery({
    queryKey: supplyKeys.locations(scope),
    enabled,
    queryFn: ({ signal }) => api.request('/supply/location/list', { signal, silent: true, schema: z.array(supplyLocationSchema) }),
  });
}

export function useKitsQuery(query: SupplyKitListQuery) {
  const api = useApi();
  const { scope, enabled } = useScope();
  return useQuery({
    queryKey: supplyKeys.kits(scope, query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.request('/supply/kit/list', { method: 'POST', signal, silent: true, json: query, schema: supplyKitPageSchema }),
  });
}

export function useShipmentsQuery(status: ShipmentStatus | null, page: number, pageSize: number) {
  const api = useApi();
  const { scope, enabled } = useScope();
  return useQuery({
    queryKey: supplyKeys.shipments(scope, status, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.request('/supply/shipment/list', { method: 'POST', signal, silent: true, json: { page, pageSize, ...(status ? { status } : {}) }, schema: supplyShipmentPageSchema }),
  });
}

export function useExpiryQuery(days: number) {
  const api = useApi();
  const { scope, enabled } = useScope();
  return useQuery({
    queryKey: supplyKeys.expiry(scope, days),
    enabled,
    queryFn: ({ signal }) => api.request('/supply/expiry/list', { method: 'POST', signal, silent: true, json: { days }, schema: z.array(supplyKitSchema) }),
  });
}

export function useStockQuery() {
  const api = useApi();
  const { scope, enabled } = useScope();
  return useQuery({ queryKey: supplyKeys.stock(scope), enabled, queryFn: ({ signal }) => api.request('/supply/stock', { method: 'POST', signal, silent: true, json: {}, schema: supplyStockSchema }) });
}

/** Every write may move stock, kits and shipments at once, so every supply answer is read again. */
function useSupplyWrite<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: supplyKeys.all }) });
}

/** The plan's forms are silent: they put the server's complaints on their fields. */
export function useSaveProduct() {
  const api = useApi();
  return useSupplyWrite((body: SupplyProductSave) => api.request('/supply/product/save', { method: 'POST', json: body, silent: true, schema: supplyProductSchema }));
}

export function useSaveKitType() {
  const api = useApi();
  return useSupplyWrite((body: SupplyKitTypeSave) => api.request('/supply/kitType/save', { method: 'POST', json: body, silent: true, schema: supplyKitTypeSchema }));
}

export function useSaveDosing() {
  const api = useApi();
  return useSupplyWrite((body: SupplyDosingSave) => api.request('/supply/dosing/save', { method: 'POST', json: body, silent: true, schema: z.array(supplyDosingLineSchema) }));
}

export function useSaveResupply() {
  const api = useApi();
  return useSupplyWrite((body: SupplyResupplySave) => api.request('/supply/resupply/save', { method: 'POST', json: body, silent: true, schema: z.object({ saved: z.boolean() }) }));
}

export function useSaveLocation() {
  const api = useApi();
  return useSupplyWrite((body: SupplyLocationSave) => api.request('/supply/location/save', { method: 'POST', json: body, silent: true, schema: supplyLocationSchema }));
}

export function useGenerateKits() {
  const api = useApi();
  return useSupplyWrite((body: SupplyKitGenerate) => api.request('/supply/kit/generate', { method: 'POST', json: body, silent: true, schema: supplyKitListResultSchema }));
}

/** The reply lists every row's problems, or the list taken. */
export function useUploadKits() {
  const api = useApi();
  return useSupplyWrite((body: { depotId: number; fileName: string; csv: string }) =>
    api.request('/supply/kit/upload', { method: 'POST', json: body, silent: true, schema: supplyKitUploadResultSchema }),
  );
}

/** Return and destroy have their own calls; the other kit actions share the status call. */
export function useKitAction() {
  const api = useApi();
  return useSupplyWrite(({ action, kitNos, reason }: { action: KitAction; kitNos: string[]; reason: string }) => {
    const options = { method: 'POST' as const, notify: true, schema: supplyKitsChangedSchema };
    switch (action) {
      case 'return':
        return api.request('/supply/kit/return', { ...options, json: { kitNos, reason } });
      case 'destroy':
        return api.request('/supply/kit/destroy', { ...options, json: { kitNos, reason } });
      case 'quarantine':
      case 'release':
      case 'lost':
      case 'damaged':
      case 'expired':
        return api.request('/supply/kit/status', { ...options, json: { kitNos, reason, action } });
    }
  });
}

export function useCreateShipment() {
  const api = useApi();
  return useSupplyWrite((body: SupplyShipmentCreate) => api.request('/supply/shipment/create', { method: 'POST', json: body, silent: true, schema: supplyShipmentSchema }));
}

export function useCreateTransfer() {
  const api = useApi();
  return useSupplyWrite((body: SupplyTransferCreate) => api.request('/supply/transfer/create', { method: 'POST', json: body, silent: true, schema: supplyShipmentSchema }));
}

/** Ship, receive, or record a shipment lost or damaged (with the reason). */
export function useMoveShipment() {
  const api = useApi();
  return useSupplyWrite((move: { id: number; to: 'shipped' | 'received' } | { id: number; to: 'lost' | 'damaged'; reason: string }) => {
    const options = { method: 'POST' as const, notify: true, schema: supplyShipmentSchema };
    if ('reason' in move) return api.request('/supply/shipment/loss', { ...options, json: { id: move.id, status: move.to, reason: move.reason } });
    return api.request(move.to === 'shipped' ? '/supply/shipment/ship' : '/supply/shipment/receive', { ...options, json: { id: move.id } });
  });
}

export function useResupplyCheck() {
  const api = useApi();
  return useSupplyWrite(() => api.request('/supply/resupply/check', { method: 'POST', json: {}, schema: supplyShipmentsSchema }));
}

/** Silent: the subject page shows a refusal (no kit, no dosing at the visit) beside the button. */
export function useDispense() {
  const api = useApi();
  return useSupplyWrite((body: SupplyDispense) => api.request('/supply/dispense', { method: 'POST', json: body, silent: true, schema: supplyDispenseResultSchema }));
}
