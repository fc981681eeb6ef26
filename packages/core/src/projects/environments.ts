import { z } from 'zod';
import { dbId, safeText } from '../validation/text.js';
import type { ProjectStatus } from './status.js';
import { projectIs } from './predicates.js';

/** Spec 000 §3: accepted environment keys dev, uat, bprd, prd, and environments of type sde. */
export const ENV_TYPES = ['dev', 'uat', 'bprd', 'prd', 'sde'] as const;
export type EnvType = (typeof ENV_TYPES)[number];
export const ENV_STATUSES = ['normal', 'disable'] as const;
export type EnvStatus = (typeof ENV_STATUSES)[number];

/**
 * Spec 000 §3 names the types "sde, prd, pro and others". `pro` is another spelling of the production type:
 * it is accepted wherever a type is given and stored as `prd`, so every production rule (never cleaned,
 * reset as production, receives only tested design) holds for it (docs/decisions.md, "Environments").
 */
export const ENV_TYPE_ALIASES = { pro: 'prd' } as const satisfies Record<string, EnvType>;
export const ENV_INPUT_TYPES = [...ENV_TYPES, ...(Object.keys(ENV_TYPE_ALIASES) as (keyof typeof ENV_TYPE_ALIASES)[])] as const;
export type EnvInputType = (typeof ENV_INPUT_TYPES)[number];

/** The stored type of a type as given: an alias becomes the type it names. */
export function normaliseEnvType(type: EnvInputType): EnvType {
  return type in ENV_TYPE_ALIASES ? ENV_TYPE_ALIASES[type as keyof typeof ENV_TYPE_ALIASES] : (type as EnvType);
}

/** Spec 000 §2.6 and §9: a fixed type order, with sde environments in a separate group after the rest. */
const TYPE_ORDER: Record<EnvType, number> = { dev: 0, uat: 1, bprd: 2, prd: 3, sde: 4 };

export interface EnvLike {
  key: string;
  type: EnvType;
  status: EnvStatus;
}

export function sortEnvironments<T extends EnvLike>(envs: readonly T[]): T[] {
  return [...envs].sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.key.localeCompare(b.key));
}

export function groupEnvironments<T extends EnvLike>(envs: readonly T[]): { standard: T[]; sde: T[] } {
  const sorted = sortEnvironments(envs);
  return { standard: sorted.filter((e) => e.type !== 'sde'), sde: sorted.filter((e) => e.type === 'sde') };
}

/** Spec 000 §4.3: "Some functions are available only in dev-type environments (dev, sde)." */
export function isDevTypeEnv(type: EnvType): boolean {
  return type === 'dev' || type === 'sde';
}

/**
 * Where design is drafted (spec 000 §4.3: dev-type only): an enabled development environment. Test and
 * production receive design only by publishing.
 */
export function isDesignEnvironment(env: Pick<EnvLike, 'type' | 'status'>): boolean {
  return env.status === 'normal' && isDevTypeEnv(env.type);
}

/** Spec 000 §2.6, §5: "environments with status disable cannot be chosen". */
export function isSelectableEnv(env: Pick<EnvLike, 'status'>): boolean {
  return env.status === 'normal';
}

/**
 * Which environment a session lands in when it enters a project (spec 000 §4.4: the choice is kept in the
 * session and survives signing in again): the user's last choice in this project while it can still be
 * chosen; otherwise production once the study runs and test before, or the first selectable one in the
 * spec's order. Null when none can be chosen (the web then shows /tools/EnvDisabled).
 */
export function sessionEnvironment<T extends EnvLike>(envs: readonly T[], status: ProjectStatus, lastChosen: string | null): T | null {
  const usable = sortEnvironments(envs.filter(isSelectableEnv));
  const remembered = lastChosen === null ? undefined : usable.find((env) => env.key === lastChosen);
  if (remembered) return remembered;
  const preferred: EnvType = projectIs(status, 'test') ? 'uat' : 'prd';
  return usable.find((env) => env.type === preferred) ?? usable[0] ?? null;
}

/**
 * Whether the shell should offer the environment list by itself: the session has no environment, or one
 * that can no longer be chosen, while another can (spec 000 §4.4: "An environment-list dialog may open once
 * per session").
 */
export function envChoiceNeeded(envs: readonly EnvLike[] | null, currentKey: string | null): boolean {
  if (!envs?.some(isSelectableEnv)) return false;
  const current = currentKey === null ? undefined : envs.find((env) => env.key === currentKey);
  return !current || !isSelectableEnv(current);
}

/** Environments whose data may be cleaned: never production (COMPLIANCE RT-2). */
export function isCleanableEnv(type: EnvType): boolean {
  return type !== 'prd';
}

/** A standard environment's key is its type; an sde environment's key starts with "sde". */
export function isValidEnvKey(key: string, type: EnvType): boolean {
  return type === 'sde' ? /^sde[a-z0-9_]{0,16}$/.test(key) : key === type;
}

export const environmentSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  key: z.string(),
  envKey: z.string(),
  name: z.string(),
  eName: z.string().nullable(),
  type: z.enum(ENV_TYPES),
  status: z.enum(ENV_STATUSES),
  createdAt: z.string(),
});
export type Environment = z.infer<typeof environmentSchema>;

export const createEnvSchema = z
  .strictObject({
    projectId: dbId(),
    key: safeText().min(2).max(20),
    type: z.enum(ENV_INPUT_TYPES).transform(normaliseEnvType),
    name: safeText().min(1).max(64),
    eName: safeText().max(64).nullish(),
  })
  .refine((body) => isValidEnvKey(body.key, body.type), { path: ['key'], params: { message: 'format' } });

export const updateEnvSchema = z.strictObject({
  projectId: dbId(),
  id: dbId(),
  /** Partial (core applyPatch): left out keeps the stored name; null clears the English one. */
  name: safeText().min(1).max(64).optional(),
  eName: safeText().max(64).nullish(),
});
export const updateEnvStatusSchema = z.strictObject({
  projectId: dbId(),
  id: dbId(),
  status: z.enum(ENV_STATUSES),
});
/**
 * The revision of the current project's configuration and design as one opaque value (spec 000 §4.4: "When
 * the project configuration has been updated in a dev or sde environment, an error dialog announces a
 * refresh for data safety"). A window compares the value it loaded with the value on focus.
 */
export const configRevisionSchema = z.object({
  projectId: z.number().nullable(),
  env: z.string().nullable(),
  revision: z.string().nullable(),
});
export type ConfigRevision = z.infer<typeof configRevisionSchema>;

export const envIdSchema = z.strictObject({ projectId: dbId(), id: dbId() });
export const projectIdBodySchema = z.strictObject({ projectId: dbId() });
