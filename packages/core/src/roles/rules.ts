import type { Locale } from '../i18n/locale.js';
import type { RoleRight, SiteScope } from '../permissions/project.js';
import { ROLE_RIGHTS } from '../permissions/project.js';
import { SITE_ROLE_TEMPLATES } from './templates.js';

/** One order for a scope's site ids, without repeats, so equal scopes compare and audit equal. */
export function normaliseScope(scope: SiteScope): SiteScope {
  return scope === 'all' ? 'all' : [...new Set(scope)].sort((a, b) => a - b);
}

export function sameScope(a: SiteScope, b: SiteScope): boolean {
  const left = normaliseScope(a);
  const right = normaliseScope(b);
  if (left === 'all' || right === 'all') return left === right;
  return left.length === right.length && left.every((site, index) => site === right[index]);
}

/** The sites both scopes cover: what a holder may act for is their grant within the role's sites. */
export function intersectScopes(a: SiteScope, b: SiteScope): SiteScope {
  if (a === 'all') return normaliseScope(b);
  if (b === 'all') return normaliseScope(a);
  return normaliseScope(a.filter((site) => b.includes(site)));
}

/** The sites any of the scopes covers: what a user may see over all their roles in a project. */
export function unionScopes(scopes: readonly SiteScope[]): SiteScope {
  if (scopes.some((scope) => scope === 'all')) return 'all';
  return normaliseScope(scopes.flatMap((scope) => (scope === 'all' ? [] : [...scope])));
}

/** Whether two scopes share a site: a holder for all sites works at every site too. */
export function scopesOverlap(a: SiteScope, b: SiteScope): boolean {
  if (a === 'all' || b === 'all') return true;
  return a.some((site) => b.includes(site));
}

/**
 * The rights a save leaves on a role: flags sent on the wire win, flags not sent keep what the role had
 * (nothing, for a new role). Kept in core's order so the stored array is stable.
 */
export function rightsFromFlags(flags: Partial<Record<RoleRight, boolean | undefined>>, current: readonly RoleRight[] = []): RoleRight[] {
  return ROLE_RIGHTS.filter((right) => flags[right] ?? current.includes(right));
}

/** Spec 000 §3: the value meaning all sites is shown as All Sites in English. */
const ALL_SITES_LABEL: Record<Locale, string> = { 'zh-CN': '全部中心', 'en-US': 'All Sites' };
const LIST_SEPARATOR: Record<Locale, string> = { 'zh-CN': '、', 'en-US': ', ' };

export interface NamedSite {
  id: number;
  name: string;
  eName: string | null;
}

/** `institutionNamesStr`: All Sites, or the scope's site names in the caller's language. */
export function siteNamesLabel(scope: SiteScope, sites: readonly NamedSite[], locale: Locale): string {
  if (scope === 'all') return ALL_SITES_LABEL[locale];
  const byId = new Map(sites.map((site) => [site.id, site]));
  return scope
    .map((id) => byId.get(id))
    .filter((site): site is NamedSite => site !== undefined)
    .map((site) => (locale === 'en-US' ? (site.eName ?? site.name) : site.name))
    .join(LIST_SEPARATOR[locale]);
}

/** The rights of the per-site investigator role created by autoCreateProjectRoleOneInstitution: the PI template's. */
export const SITE_INVESTIGATOR_RIGHTS: readonly RoleRight[] = SITE_ROLE_TEMPLATES.find((template) => template.code === 'PI')?.rights ?? [];

export interface SiteInvestigatorRole {
  alias: string;
  description: string;
  descriptionEn: string;
  rights: readonly RoleRight[];
}

/**
 * Whether a role named `receiver` (a role's alias or a template's code, as message receivers are given) names
 * the role `alias`: the same name in any case, or the template code of a site role made from it, as
 * `siteInvestigatorRole` names them (`PI` names `PI-A01`).
 */
export function roleAliasNames(alias: string, receiver: string): boolean {
  const a = alias.toLowerCase();
  const r = receiver.toLowerCase();
  return a === r || a.startsWith(`${r}-`);
}

/** The investigator role of one site (spec 000 §6 "auto-created per institution"), described in both languages. */
export function siteInvestigatorRole(site: { code: string; name: string; eName: string | null }): SiteInvestigatorRole {
  return {
    alias: `PI-${site.code}`,
    description: `${site.name} 研究者`,
    descriptionEn: `Investigator at ${site.eName ?? site.name}`,
    rights: SITE_INVESTIGATOR_RIGHTS,
  };
}
