import type { SiteScope } from '../permissions/project.js';
import { inSiteScope } from '../permissions/project.js';

/**
 * Who acts at a supply location (docs/decisions.md "Drug supply", "Who does what"): a site pharmacy's staff,
 * within their sites, or for a depot whoever runs the study's supply over every site. The server refuses
 * everyone else; the screens offer ship and receive by the same rule.
 */
export function holdsLocation(location: { kind: 'depot' | 'site'; siteId: number | null }, viewer: { sites: SiteScope; manager: boolean }): boolean {
  if (location.kind === 'site') return location.siteId !== null && inSiteScope(viewer.sites, location.siteId);
  return viewer.manager && viewer.sites === 'all';
}
