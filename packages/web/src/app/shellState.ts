import type { Environment, Project } from '@dcap/core';

/** Paths of the shell's own pages (spec 000 §2.2, §2.3). */
export const WORKPLACE_PATH = '/project/projectList';
export const PROJECT_APPLY_PATH = '/project/projectApply';
export const PROJECT_DETAIL_PATH = '/project/detail/new';
export const ENVIRONMENTS_PATH = '/project/projectEnv/projectEnv';
export const INSTITUTION_PATH = '/project/institution';
export const ENV_DISABLED_PATH = '/tools/EnvDisabled';
export const ROLE_DISABLED_PATH = '/tools/RoleDisabled';

export type ShellBlock = 'envDisabled' | 'roleDisabled';

export const BLOCK_PATHS: Record<ShellBlock, string> = { envDisabled: ENV_DISABLED_PATH, roleDisabled: ROLE_DISABLED_PATH };

/**
 * Spec 000 §4.4: the current role disabled, or a project with environments none of which is normal,
 * blocks the project's pages. Platform and project administrators hold project rights without a role
 * (spec 000 §6), so a disabled role of theirs does not lock them out of the project they manage.
 */
export interface BlockContext {
  project: Pick<Project, 'abilities'> | null;
  role: { enabled: 0 | 1 } | null;
  envs: readonly Pick<Environment, 'status'>[] | null;
}

export function shellBlock(context: BlockContext): ShellBlock | null {
  const { project } = context;
  if (!project) return null;
  const manager = project.abilities['project.lifecycle'] === true;
  if (!manager && context.role?.enabled === 0) return 'roleDisabled';
  if (context.envs && context.envs.length > 0 && !context.envs.some((env) => env.status === 'normal')) return 'envDisabled';
  return null;
}

/**
 * Pages that stay open while blocked: the workplace (to choose another project), one's own account, and
 * for someone who manages environments the environment page, where they can enable one again.
 */
export function blockRedirect(block: ShellBlock | null, pathname: string, canManageEnvs: boolean): string | null {
  if (block === null) return null;
  if (pathname === WORKPLACE_PATH || pathname.startsWith('/account/settings')) return null;
  if (block === 'envDisabled' && canManageEnvs && pathname === ENVIRONMENTS_PATH) return null;
  return BLOCK_PATHS[block];
}
