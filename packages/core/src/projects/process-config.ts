import { z } from 'zod';
import type { RoleRight } from '../permissions/project.js';
import { dbId } from '../validation/text.js';

/**
 * The audit steps of the data-cleaning workflow (spec 000 §6: "Audit processes (verify, review, sign) are
 * taken from a server-provided map; who may perform each is governed by the role flags verify, review and
 * locked"). A project chooses which steps it uses and in which order (docs/decisions.md, "Process
 * configuration").
 */
export const AUDIT_STEPS = ['verify', 'review', 'sign'] as const;
export type AuditStep = (typeof AUDIT_STEPS)[number];

/** The role flag that lets a holder perform each step (spec 000 §6: verify, review and locked). */
export const AUDIT_STEP_RIGHTS: Record<AuditStep, RoleRight> = { verify: 'verify', review: 'review', sign: 'locked' };

const STEP_NAMES: Record<AuditStep, { name: string; nameEn: string }> = {
  verify: { name: '核查', nameEn: 'Verify' },
  review: { name: '审核', nameEn: 'Review' },
  sign: { name: '签名', nameEn: 'Sign' },
};

/** A project that never saved its process uses all three steps: source verification, review, signature. */
export const DEFAULT_AUDIT_STEPS: readonly AuditStep[] = AUDIT_STEPS;

export type ProcessProblem = 'duplicate_step' | 'sign_not_last';

/**
 * Whether a chosen order is usable: each step at most once, and a signature, when used, comes last, because
 * an investigator signs data that is already verified and reviewed and a later step would change what was
 * signed. No steps at all is allowed (a registry without cleaning workflow).
 */
export function processProblems(steps: readonly AuditStep[]): ProcessProblem[] {
  const problems: ProcessProblem[] = [];
  if (new Set(steps).size !== steps.length) problems.push('duplicate_step');
  const sign = steps.indexOf('sign');
  if (sign !== -1 && sign !== steps.length - 1) problems.push('sign_not_last');
  return problems;
}

export const auditProcEntrySchema = z.object({
  code: z.enum(AUDIT_STEPS),
  /** Whether the project uses this step. */
  enabled: z.boolean(),
  /** 1-based position among the used steps; null when the step is not used. */
  order: z.number().nullable(),
  /** The role flag that lets a holder perform it. */
  right: z.string(),
  name: z.string(),
  nameEn: z.string(),
});
export type AuditProcEntry = z.infer<typeof auditProcEntrySchema>;

/**
 * The login response's `auditProcMap` (every step by code, used or not) and `auditProcList` (the used steps
 * in order), from the project's chosen steps.
 */
export function auditProcesses(steps: readonly AuditStep[]): { auditProcMap: Record<AuditStep, AuditProcEntry>; auditProcList: AuditProcEntry[] } {
  const entry = (code: AuditStep): AuditProcEntry => {
    const index = steps.indexOf(code);
    return { code, enabled: index !== -1, order: index === -1 ? null : index + 1, right: AUDIT_STEP_RIGHTS[code], ...STEP_NAMES[code] };
  };
  const auditProcMap = Object.fromEntries(AUDIT_STEPS.map((code) => [code, entry(code)])) as Record<AuditStep, AuditProcEntry>;
  return { auditProcMap, auditProcList: steps.map((code) => auditProcMap[code]) };
}

/** POST /dcap/project/processConfig/detail. */
export const processConfigDetailSchema = z.strictObject({ projectId: dbId() });

/** POST /dcap/project/processConfig/save: the used steps in order; steps left out are not used. */
export const saveProcessConfigSchema = z
  .strictObject({
    projectId: dbId(),
    steps: z.array(z.enum(AUDIT_STEPS)).max(AUDIT_STEPS.length),
  })
  .superRefine((body, ctx) => {
    for (const problem of processProblems(body.steps)) ctx.addIssue({ code: 'custom', path: ['steps'], params: { message: problem } });
  });
export type SaveProcessConfigRequest = z.infer<typeof saveProcessConfigSchema>;

export const processConfigSchema = z.object({
  projectId: z.number(),
  steps: z.array(z.enum(AUDIT_STEPS)),
  /** False while the project still uses the default process (never saved). */
  saved: z.boolean(),
  auditProcList: z.array(auditProcEntrySchema),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ProcessConfig = z.infer<typeof processConfigSchema>;

/**
 * Whether the caller may perform a step in the current project (spec 000 §6: "who may perform each is
 * governed by the role flags verify, review and locked"): only a step the project uses, and only through an
 * enabled role holding its flag. Administrators act through a role like everyone else here, because a
 * verification or signature attests what one person did in a study role.
 */
export function mayPerformStep(entry: AuditProcEntry | undefined, role: (Partial<Record<RoleRight, boolean>> & { enabled: 0 | 1 }) | null): boolean {
  if (!entry?.enabled || !role || role.enabled !== 1) return false;
  return role[entry.right as RoleRight] === true;
}
