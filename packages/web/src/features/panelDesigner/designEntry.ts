import { isDesignEnvironment } from '@dcap/core';
import type { Environment } from '@dcap/core';

/** The environment a project's design is edited in when none is chosen: `dev`, else any development-type one. */
export function designEnvironment(envs: readonly Environment[] | null): Environment | null {
  const usable = (envs ?? []).filter((env) => isDesignEnvironment(env));
  return usable.find((env) => env.key === 'dev') ?? usable.find((env) => env.type === 'dev') ?? usable[0] ?? null;
}

export type DesignEnvDecision = { kind: 'ready' } | { kind: 'switch'; key: string } | { kind: 'missing'; canCreate: boolean };

/**
 * Spec 000 §4.3: "Some functions are available only in dev-type environments (dev, sde)", and the server
 * refuses every design write elsewhere. Opening a design screen therefore moves the session into the
 * project's development environment (selectEnv, spec 000 §7.1); when the project has none, the user is told
 * why, and offered to create one when they may manage environments.
 */
export function designEnvDecision(envs: readonly Environment[] | null, current: Environment | null, canManageEnvs: boolean): DesignEnvDecision {
  if (current && isDesignEnvironment(current)) return { kind: 'ready' };
  const target = designEnvironment(envs);
  if (target) return { kind: 'switch', key: target.key };
  return { kind: 'missing', canCreate: canManageEnvs };
}

/** The development environment a one-click creation adds (spec 000 §3: accepted keys dev, uat, bprd, prd). */
export const NEW_DEV_ENVIRONMENT = { key: 'dev', type: 'dev', name: '开发环境', eName: 'Development' } as const;
