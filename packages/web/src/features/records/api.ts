import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { copySourceSchema, recordPanelSchema } from '@dcap/core';
import type { ChangeReason, CopySource, RecordPanel } from '@dcap/core';
import { z } from 'zod';
import { useApi } from '../../app/services';
import { attachmentKeys } from '../attachments/api';

export const recordKeys = {
  all: ['recordPanel'] as const,
  panel: (panelInstanceId: number) => ['recordPanel', panelInstanceId] as const,
  copySources: (panelInstanceId: number) => ['recordPanel', panelInstanceId, 'copySources'] as const,
};

const copySourcesSchema = z.array(copySourceSchema);

/** GET /dcap/project/recordDataManage/panel/:id: the panel instance for entry. */
export function useRecordPanel(panelInstanceId: number) {
  const api = useApi();
  return useQuery({
    queryKey: recordKeys.panel(panelInstanceId),
    enabled: panelInstanceId > 0,
    queryFn: ({ signal }) => api.request(`/project/recordDataManage/panel/${String(panelInstanceId)}`, { signal, schema: recordPanelSchema }),
  });
}

export interface SaveRecordInput {
  panelInstanceId: number;
  version: number;
  values: Record<string, unknown>;
  reasons: Record<string, ChangeReason>;
  unchecked?: boolean;
}

/**
 * POST /dcap/project/recordDataManage/save. Silent: the page shows a stale version, refused values and
 * missing reasons itself (on the fields and in dialogs).
 */
export function useSaveRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRecordInput): Promise<RecordPanel> => api.request('/project/recordDataManage/save', { method: 'POST', json: input, silent: true, schema: recordPanelSchema }),
    onSuccess: (panel) => {
      queryClient.setQueryData(recordKeys.panel(panel.panelInstanceId), panel);
      void queryClient.invalidateQueries({ queryKey: ['subjectSchedule'] });
      // A save that deletes a table row deletes the row's cell images with it (docs/decisions.md, "A deleted
      // row takes its images with it"), and a saved new row's cells may now hold images: the panel's shared
      // list of field images is read again.
      void queryClient.invalidateQueries({ queryKey: attachmentKeys.panelFields(panel.panelInstanceId) });
    },
  });
}

/** GET /dcap/project/recordDataManage/copySources/:id. */
export function useCopySources(panelInstanceId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: recordKeys.copySources(panelInstanceId),
    enabled,
    queryFn: ({ signal }): Promise<CopySource[]> => api.request(`/project/recordDataManage/copySources/${String(panelInstanceId)}`, { signal, schema: copySourcesSchema }),
  });
}

/** POST /dcap/project/recordDataManage/copy. */
export function useCopyRecord() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelInstanceId: number; sourcePanelInstanceId: number; version: number; reason?: ChangeReason }): Promise<RecordPanel> =>
      api.request('/project/recordDataManage/copy', { method: 'POST', json: input, notify: true, schema: recordPanelSchema }),
    onSuccess: (panel) => queryClient.setQueryData(recordKeys.panel(panel.panelInstanceId), panel),
  });
}
