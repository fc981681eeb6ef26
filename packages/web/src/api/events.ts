import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletedIdSchema, eventMatrixSchema, eventSchema } from '@dcap/core';
import type { DesignEvent, EventMatrix, MatrixCell, SaveEventRequest } from '@dcap/core';
import { useApi } from '../app/services';
import { orderedBy } from './instruments';

export const eventKeys = {
  all: ['events'] as const,
  list: (projectId: number) => ['events', 'list', projectId] as const,
  matrix: (projectId: number) => ['events', 'matrix', projectId] as const,
};

const eventListSchema = eventSchema.array();

/** GET /dcap/project/event/list/:projectId: the project's visits in their order. */
export function useEventListQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: eventKeys.list(projectId),
    queryFn: ({ signal }) => api.request(`/project/event/list/${String(projectId)}`, { signal, schema: eventListSchema }),
  });
}

/** GET /dcap/project/eventInstrument/matrix/:projectId: visits, panels and which panel each visit collects. */
export function useEventMatrixQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: eventKeys.matrix(projectId),
    queryFn: ({ signal }) => api.request(`/project/eventInstrument/matrix/${String(projectId)}`, { signal, schema: eventMatrixSchema }),
  });
}

/** Visits appear in the matrix and in the publishing diff, so every change refreshes those too. */
function useEventChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([eventKeys.all, ['instruments'], ['design']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST /dcap/project/event/save: creates (no id) or edits a visit. */
export function useSaveEventMutation() {
  const api = useApi();
  return useEventChange(
    (body: SaveEventRequest): Promise<DesignEvent> =>
      api.request('/project/event/save', { method: 'POST', json: body, notify: true, schema: eventSchema }),
  );
}

/** POST /dcap/project/event/delete. */
export function useDeleteEventMutation() {
  const api = useApi();
  return useEventChange(
    (body: { projectId: number; id: number }): Promise<unknown> => api.request('/project/event/delete', { method: 'POST', json: body, notify: true, schema: deletedIdSchema }),
  );
}

/** POST /dcap/project/event/sort with every visit id of the project in the new order, shown at once. */
export function useSortEventsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; ids: number[] }): Promise<DesignEvent[]> =>
      api.request('/project/event/sort', { method: 'POST', json: body, schema: eventListSchema }),
    onMutate: async ({ projectId, ids }) => {
      await queryClient.cancelQueries({ queryKey: eventKeys.list(projectId) });
      queryClient.setQueryData<DesignEvent[]>(eventKeys.list(projectId), (list) => (list ? orderedBy(list, ids) : list));
    },
    onSettled: async () => {
      await Promise.all([eventKeys.all, ['instruments'], ['design']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST /dcap/project/eventInstrument/saveMatrix: the whole matrix, every ticked cell. */
export function useSaveMatrixMutation() {
  const api = useApi();
  return useEventChange(
    (body: { projectId: number; cells: MatrixCell[] }): Promise<EventMatrix> =>
      api.request('/project/eventInstrument/saveMatrix', { method: 'POST', json: body, notify: true, schema: eventMatrixSchema }),
  );
}
