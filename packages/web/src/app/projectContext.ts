import { useMemo } from 'react';
import { environmentSchema, projectRoleSchema, projectSchema, siteSchema } from '@dcap/core';
import type { Environment, Project } from '@dcap/core';
import type { AppInit } from '../api/system';
import type { ResponseSchema } from '../api/client';
import { useAppInit } from './initContext';

/**
 * The initialisation types its project part loosely (core's schema says `unknown` for domains that were
 * added later), so the shell reads it here through core's own schemas, once per initialisation.
 */
const switcherProjectSchema = projectSchema.pick({ id: true, code: true, name: true, eName: true, status: true });
/** The caller's roles in the current project, as the login response lists them (spec 000 §3). */
const sessionRoleSchema = projectRoleSchema.omit({ projectId: true, institutionNamesStr: true, userCount: true, createdAt: true });
const envListSchema = environmentSchema.array();
const sessionSiteSchema = siteSchema.pick({ id: true, code: true, name: true, eName: true, status: true });

export type SwitcherProject = ReturnType<typeof switcherProjectSchema.parse>;
export type SessionRole = ReturnType<typeof sessionRoleSchema.parse>;
export type SessionSite = ReturnType<typeof sessionSiteSchema.parse>;

export interface ProjectContext {
  project: Project | null;
  projects: SwitcherProject[];
  role: SessionRole | null;
  roles: SessionRole[];
  /** Null when the list could not be read: the environment button then says so (spec 000 §8.2). */
  envs: Environment[] | null;
  currentEnv: Environment | null;
  sites: SessionSite[];
  allSites: SessionSite[];
}

function one<T>(schema: ResponseSchema<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Entries that do not match are left out rather than breaking the whole shell. */
function each<T>(schema: ResponseSchema<T>, values: readonly unknown[]): T[] {
  return values.map((value) => one(schema, value)).filter((value): value is T => value !== null);
}

export function readProjectContext(init: AppInit): ProjectContext {
  const project = one(projectSchema, init.project);
  const readableEnvs = one(envListSchema, init.envList);
  return {
    project,
    projects: each(switcherProjectSchema, init.projects),
    role: one(sessionRoleSchema, init.projectRole),
    roles: each(sessionRoleSchema, init.projectRoles),
    envs: readableEnvs,
    currentEnv: readableEnvs?.find((env) => env.key === init.currEnv) ?? null,
    sites: each(sessionSiteSchema, init.institutions),
    allSites: each(sessionSiteSchema, init.allInstitutions),
  };
}

/** The current project, role, environments and sites of the signed-in session. */
export function useProjectContext(): ProjectContext {
  const init = useAppInit();
  return useMemo(() => readProjectContext(init), [init]);
}
