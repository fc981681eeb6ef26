import type { AnalyticsChartRequest } from './schemas.js';

/**
 * The blinding rule of analytics (docs/decisions.md "Analytics"; "Randomisation, blinding and supply"): a
 * split or filter by arm only for a caller who may see arms (core blinding `armsVisible`). A blinded caller
 * who asks for one is refused rather than silently given the unsplit figures, so a screen never presents
 * totals as if they were one arm's.
 */
export function armRequestRefused(request: Pick<AnalyticsChartRequest, 'arm' | 'split'>, armsVisible: boolean): boolean {
  if (armsVisible) return false;
  return request.arm !== undefined || request.split === 'arm';
}
