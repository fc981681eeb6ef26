import type { Locale, PlatformAction } from '@dcap/core';
import type { ProjectContext } from '../modules/projects/access.js';

/** Who is calling, established by the auth hook from the `Token` header. */
export interface Actor {
  userId: number;
  username: string;
  name: string;
  nameEn: string | null;
  email: string | null;
  admin: boolean;
  systemAdmin: boolean;
  projectAdmin: boolean;
  /**
   * The platform functions the caller's system roles hold, resolved from the stored role permissions when the
   * caller is established (docs/decisions.md "Role permissions of system roles"); core's `canOnPlatform` reads them.
   */
  platformRights: readonly PlatformAction[];
  sessionId: number;
  currentProjectId: number | null;
  currentRoleId: number | null;
  currentEnv: string | null;
  /**
   * An administrator reset the password: only changing it (and signing out) is allowed until then. Absent on
   * actors the platform builds for itself (first start, demo seeding), which never hold a reset password.
   */
  mustChangePassword?: boolean;
}

/** What a service needs to know about the request, without touching request or reply objects. */
export interface RequestMeta {
  locale: Locale;
  ip: string;
  userAgent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    actor: Actor | null;
  }
}

/** Who calls and from where: what a service that acts outside any project needs to know. */
export interface Caller {
  actor: Actor;
  meta: RequestMeta;
}

/** A caller acting on one project, with their standing there (spec 000 §6). */
export interface ProjectCaller extends Caller {
  project: ProjectContext;
}

/**
 * The environment a project caller works in: the session's current one (spec 000 §4.2), and none when the
 * call acts on a project other than the session's.
 */
export function sessionEnv(caller: ProjectCaller): string | null {
  return caller.actor.currentProjectId === caller.project.project.id ? caller.actor.currentEnv : null;
}

/**
 * Everything a route handler knows about its request, built once by the route layer: the caller (none on
 * public routes), the project of a project-scoped route and the environment the session works in there,
 * and the request's language and origin.
 */
export interface RequestContext<A extends Actor | null = Actor | null, P extends ProjectContext | null = ProjectContext | null> {
  actor: A;
  project: P;
  env: string | null;
  meta: RequestMeta;
}
