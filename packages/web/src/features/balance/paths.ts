import type { RandScheme } from '@dcap/core';

/** Balance's pages (spec 000 §1, §2.4: mounted under /balance, landing on /balance/survey/schedule). */
export const BALANCE_LANDING_PATH = '/balance/survey/schedule';
export const SCHEMES_PATH = '/balance/schemes';
export const ALLOCATIONS_PATH = '/balance/allocations';
/** Each site's code at the remote randomisation service. */
export const SITE_MAPPING_PATH = '/balance/siteMapping';
/** iMask's landing, the blinding overview (spec 000 §2.4). */
export const BLINDING_PATH = '/imask/blindManage/blindRandomTableTest';

/** A scheme's designer; `new` opens an empty one. */
export function schemePath(id: number | 'new'): string {
  return `${SCHEMES_PATH}/${String(id)}`;
}

/** Approval needs a simulation of the scheme's current version (docs/decisions.md, "Randomisation, blinding and supply"). */
export function schemeIsSimulated(scheme: Pick<RandScheme, 'version' | 'simulation'>): boolean {
  return scheme.simulation?.version === scheme.version;
}
