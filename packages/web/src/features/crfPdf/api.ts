import { useMutation } from '@tanstack/react-query';
import type { CrfSource, Locale } from '@dcap/core';
import type { DownloadedFile } from '../../api/client';
import { useApi } from '../../app/services';
import { browserZone } from '../queries/api';

/** GET /dcap/crf/blank: the blank annotated CRF of the environment's design or of the draft, in a language. */
export function useBlankCrfDownload() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ source, lang, instrumentId }: { source: CrfSource; lang: Locale; instrumentId?: number }): Promise<DownloadedFile> =>
      api.download('/crf/blank', { query: { source, lang, timeZone: browserZone(), ...(instrumentId === undefined ? {} : { instrumentId }) } }),
  });
}

/** GET /dcap/crf/casebook/:subjectId: one subject's casebook, times in the browser's zone (COMPLIANCE TS-2). */
export function useCasebookDownload() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ subjectId, lang }: { subjectId: number; lang: Locale }): Promise<DownloadedFile> =>
      api.download(`/crf/casebook/${String(subjectId)}`, { query: { lang, timeZone: browserZone() } }),
  });
}
