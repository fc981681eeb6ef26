import type { Locale } from '../i18n/locale.js';
import type { ProjectStatus } from './status.js';

/**
 * What must hold before a project enters a status (docs/decisions.md, "Lifecycle gates"). Internal test
 * needs something to test: a published design, a site to test at and a role someone holds. Going online
 * needs the study team's confirmation that user-acceptance testing passed (spec 000 §4.2 "confirm UAT
 * test"). The server refuses a move with the unmet conditions named; the web lists them before the click.
 */
export const GATE_CONDITIONS = ['publishedDesign', 'site', 'roleWithUsers', 'uatConfirmed'] as const;
export type GateCondition = (typeof GATE_CONDITIONS)[number];

/** The facts the gates read, counted by the server inside the transaction that moves the project. */
export interface GateFacts {
  /** Design versions published in any environment of the project. */
  publishedDesigns: number;
  /** Active sites of the project. */
  sites: number;
  /** Enabled roles held by at least one user (an unrevoked assignment). */
  rolesWithUsers: number;
  uatConfirmed: boolean;
}

/** The statuses with gates and the conditions of each; a status not listed has none. */
export const LIFECYCLE_GATES: Partial<Record<ProjectStatus, readonly GateCondition[]>> = {
  INTERNAL_TEST: ['publishedDesign', 'site', 'roleWithUsers'],
  ON_RESEARCH: ['uatConfirmed'],
};

const MET: Record<GateCondition, (facts: GateFacts) => boolean> = {
  publishedDesign: (facts) => facts.publishedDesigns > 0,
  site: (facts) => facts.sites > 0,
  roleWithUsers: (facts) => facts.rolesWithUsers > 0,
  uatConfirmed: (facts) => facts.uatConfirmed,
};

/**
 * The conditions not yet met for entering `target`, in the order of GATE_CONDITIONS; empty when the
 * project may enter it (or `target` has no gates).
 */
export function unmetGates(target: ProjectStatus, facts: GateFacts): GateCondition[] {
  const conditions = LIFECYCLE_GATES[target] ?? [];
  return GATE_CONDITIONS.filter((condition) => conditions.includes(condition) && !MET[condition](facts));
}

/**
 * The gated status a move enters, if any: internal test from config, online from test. Unlocking back into
 * internal test or resuming a paused study re-enters a status the project had already passed the gate for.
 */
export function gatedTarget(from: ProjectStatus, to: ProjectStatus): ProjectStatus | null {
  if (to === 'INTERNAL_TEST' && from === 'CONFIG') return to;
  if (to === 'ON_RESEARCH' && from === 'TEST') return to;
  return null;
}

/** The condition names in both languages, for the server's refusal (the web has its own catalogue keys). */
export const GATE_LABELS: Record<GateCondition, Record<Locale, string>> = {
  publishedDesign: { 'zh-CN': '至少发布一个设计版本', 'en-US': 'at least one published design version' },
  site: { 'zh-CN': '至少一个启用的中心', 'en-US': 'at least one active site' },
  roleWithUsers: { 'zh-CN': '至少一个已分配用户的启用角色', 'en-US': 'at least one enabled role with users' },
  uatConfirmed: { 'zh-CN': '已确认 UAT 测试', 'en-US': 'a confirmed UAT test' },
};

/** The gated statuses' names in both languages, for the server's refusal. */
export const GATE_TARGET_LABELS: Partial<Record<ProjectStatus, Record<Locale, string>>> = {
  INTERNAL_TEST: { 'zh-CN': '内部测试', 'en-US': 'internal test' },
  ON_RESEARCH: { 'zh-CN': '正式上线', 'en-US': 'online' },
};

export function describeGates(conditions: readonly GateCondition[], locale: Locale): string {
  return conditions.map((condition) => GATE_LABELS[condition][locale]).join(locale === 'zh-CN' ? '；' : '; ');
}

/**
 * Four eyes (docs/decisions.md, "Lifecycle gates"): whoever applied for going online or for a status change
 * never decides that application, whatever their rights.
 */
export function mayDecideApplication(applicantId: number | null, deciderId: number): boolean {
  return applicantId === null || applicantId !== deciderId;
}
