import type { RandomisationScheme, StratificationFactor } from './scheme.js';

/**
 * Strata: the groups a list is made for. A subject's stratum is its site (when the scheme stratifies by site)
 * and its option of each stratification factor, in factor order. Under minimisation there is no list; the
 * same key then names the subject's cell of site and factors, which the simulation reports on.
 */

/** The stratum of a scheme that stratifies by nothing. */
export const WHOLE_TRIAL_STRATUM = '*';

/** What randomisation needs to know of a subject: the site code and an option code per factor code. */
export interface SubjectFactors {
  site: string;
  levels: Readonly<Record<string, string>>;
}

export interface Stratum {
  key: string;
  site: string | null;
  levels: Record<string, string>;
}

/** Whether the site is a dimension of the scheme's strata (or, under minimisation, a factor). */
export function stratifiesBySite(scheme: RandomisationScheme): boolean {
  return scheme.method === 'minimisation' ? scheme.includeSite : scheme.stratifyBySite;
}

/** The factors that make strata (stratified blocks) or that minimisation balances on. */
export function schemeFactors(scheme: RandomisationScheme): readonly StratificationFactor[] {
  return scheme.method === 'stratifiedBlocks' || scheme.method === 'minimisation' ? scheme.factors : [];
}

/**
 * The stratum key, e.g. `SITE01|AGE:1|SEX:F`: the site code, then `FACTOR:OPTION` in factor order, joined by
 * `|`; `*` when the scheme stratifies by nothing. Codes hold neither `|` nor `:` (scheme.ts), so the key is
 * unambiguous, and it never changes when a site or stratum is added. Null when the subject lacks an option
 * of a factor, or gives one the factor does not have.
 */
export function stratumKey(scheme: RandomisationScheme, subject: SubjectFactors): string | null {
  const parts: string[] = [];
  if (stratifiesBySite(scheme)) {
    if (subject.site === '') return null;
    parts.push(subject.site);
  }
  for (const factor of schemeFactors(scheme)) {
    const level = subject.levels[factor.code];
    if (level === undefined || !factor.options.some((option) => option.code === level)) return null;
    parts.push(`${factor.code}:${level}`);
  }
  return parts.length === 0 ? WHOLE_TRIAL_STRATUM : parts.join('|');
}

/**
 * Every stratum of the scheme for the given sites: sites in the order given, then factors and options in
 * design order. The server passes sites in the order they were added, so a new site's strata come last.
 */
export function listStrata(scheme: RandomisationScheme, siteCodes: readonly string[]): Stratum[] {
  const sites: (string | null)[] = stratifiesBySite(scheme) ? [...new Set(siteCodes)] : [null];
  let strata: Stratum[] = sites.map((site) => ({ key: '', site, levels: {} }));
  for (const factor of schemeFactors(scheme)) {
    strata = strata.flatMap((stratum) => factor.options.map((option) => ({ ...stratum, levels: { ...stratum.levels, [factor.code]: option.code } })));
  }
  return strata.map((stratum) => ({ ...stratum, key: stratumKey(scheme, { site: stratum.site ?? '', levels: stratum.levels }) ?? WHOLE_TRIAL_STRATUM }));
}

/** How many strata the scheme has for this many sites, without listing them (for limits). */
export function countStrata(scheme: RandomisationScheme, siteCount: number): number {
  const sites = stratifiesBySite(scheme) ? siteCount : 1;
  return schemeFactors(scheme).reduce((count, factor) => count * factor.options.length, sites);
}
