import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redcapImportResultSchema } from '@dcap/core';
import type { RedcapImportResult } from '@dcap/core';
import { useApi } from '../app/services';
import { DEPENDENT_KEYS } from './instruments';

export interface RedcapImportInput {
  projectId: number;
  file: File;
  dryRun: boolean;
}

/** A large dictionary is still read in a moment, but its upload may be slow on a hospital network. */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /dcap/project/design/importRedcap (docs/design-import.md): the preview (`dryRun`) or the creation of
 * the panels of a REDCap data dictionary. Silent, because the dialog shows a refusal itself; a creation
 * refreshes every list showing instruments.
 */
export function useRedcapImportMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, dryRun }: RedcapImportInput): Promise<RedcapImportResult> => {
      const upload = new FormData();
      upload.append('projectId', String(projectId));
      upload.append('dryRun', String(dryRun));
      upload.append('file', file);
      return api.request('/project/design/importRedcap', { method: 'POST', upload, silent: true, timeoutMs: IMPORT_TIMEOUT_MS, schema: redcapImportResultSchema });
    },
    onSuccess: async (result) => {
      if (!result.dryRun) await Promise.all(DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
