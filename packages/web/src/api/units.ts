import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentSchema, unitSchema } from '@dcap/core';
import type { Department, Unit, UNIT_STATUSES } from '@dcap/core';
import { useApi } from '../app/services';

/** Platform hospitals (units) and their departments (spec 000 §2.2 `/sys/unit/unit`, `/sys/unit/division`). */
export const unitKeys = {
  all: ['units'] as const,
  list: (keyword: string) => ['units', 'list', keyword] as const,
  departments: (unitId: number) => ['units', 'departments', unitId] as const,
};

const unitListSchema = unitSchema.array();
const departmentListSchema = departmentSchema.array();

/** GET /dcap/sys/unit/list: every signed-in user may read it, to choose a project's sites. */
export function useUnitListQuery(keyword = '') {
  const api = useApi();
  return useQuery({
    queryKey: unitKeys.list(keyword.trim()),
    queryFn: ({ signal }) => api.request('/sys/unit/list', { signal, schema: unitListSchema, query: { keyword: keyword.trim() } }),
    placeholderData: keepPreviousData,
  });
}

export function useDepartmentListQuery(unitId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: unitKeys.departments(unitId ?? 0),
    queryFn: ({ signal }) => api.request('/sys/division/list', { signal, schema: departmentListSchema, query: { unitId } }),
    enabled: unitId !== null,
  });
}

function useUnitChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }) });
}

export type UnitStatus = (typeof UNIT_STATUSES)[number];

export interface UnitInput {
  code: string;
  name: string;
  eName: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  areaId?: number | null;
}

export function useCreateUnitMutation() {
  const api = useApi();
  return useUnitChange((body: UnitInput): Promise<Unit> => api.request('/sys/unit/save', { method: 'POST', json: body, notify: true, schema: unitSchema }));
}

export function useUpdateUnitMutation() {
  const api = useApi();
  return useUnitChange((body: UnitInput & { id: number; status: UnitStatus }): Promise<Unit> =>
    api.request('/sys/unit/update', { method: 'POST', json: body, notify: true, schema: unitSchema }),
  );
}

export function useCreateDepartmentMutation() {
  const api = useApi();
  return useUnitChange((body: { unitId: number; name: string; eName: string | null }): Promise<Department> =>
    api.request('/sys/division/save', { method: 'POST', json: body, notify: true, schema: departmentSchema }),
  );
}

export function useUpdateDepartmentMutation() {
  const api = useApi();
  return useUnitChange((body: { id: number; name: string; eName: string | null }): Promise<Department> =>
    api.request('/sys/division/update', { method: 'POST', json: body, notify: true, schema: departmentSchema }),
  );
}
