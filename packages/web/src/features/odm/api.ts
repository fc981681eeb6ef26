import { useMutation, useQueryClient } from '@tanstack/react-query';
import { odmImportReportSchema } from '@dcap/core';
import type { OdmImportReport } from '@dcap/core';
import type { DownloadedFile } from '../../api/client';
import { DEPENDENT_KEYS } from '../../api/instruments';
import { useApi } from '../../app/services';

export interface OdmImportInput {
  projectId: number;
  file: File;
  dryRun: boolean;
}

/** The schema check of a large file takes a moment, and its upload may be slow on a hospital network. */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /dcap/project/design/importOdm (docs/decisions.md, "CDISC ODM"): the dry run or the application of an
 * ODM 1.3.2 design to the development draft. Silent, because the dialog shows a refusal itself; applying
 * refreshes the panel, visit and matrix lists.
 */
export function useOdmImportMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, dryRun }: OdmImportInput): Promise<OdmImportReport> => {
      const upload = new FormData();
      upload.append('projectId', String(projectId));
      upload.append('dryRun', String(dryRun));
      upload.append('file', file);
      return api.request('/project/design/importOdm', { method: 'POST', upload, silent: true, timeoutMs: IMPORT_TIMEOUT_MS, schema: odmImportReportSchema });
    },
    onSuccess: async (report) => {
      if (report.applied) await Promise.all(DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** GET /dcap/project/design/odm: the design an environment runs (the session's when none is named), as ODM 1.3.2 metadata. */
export function useOdmDesignDownload() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ projectId, env }: { projectId: number; env: string | null }): Promise<DownloadedFile> =>
      api.download('/project/design/odm', { query: { projectId, ...(env === null ? {} : { env }) } }),
  });
}
