import { z } from 'zod';
import { dbId, safeText } from '../validation/text.js';

/** Spec 000 §3: accepted environment keys dev, uat, bprd, prd, and environments of type sde. */
export const ENV_TYPES = ['dev', 'uat', 'bprd', 'prd', 'sde'] as const;
export type EnvType = (typeof ENV_TYPES)[number];
export const ENV_STATUSES = ['normal', 'disable'] as const;
export type EnvStatus = (typeof ENV_STATUSES)[number];

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
    type: z.enum(ENV_TYPES),
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
export const envIdSchema = z.strictObject({ projectId: dbId(), id: dbId() });
export const projectIdBodySchema = z.strictObject({ projectId: dbId() });
