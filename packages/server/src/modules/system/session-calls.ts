import { AppError, autoSwitchSchema, filePathRequestSchema, filePathResponseSchema, localeResponse, localeResponseSchema, sessionSelectionSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { RouteRegistry } from '../../http/route.js';
import { findOwnOpenSession } from '../auth/sessions.js';
import { findEnvByKey } from '../environments/service.js';
import { resolveProjectAccess } from '../projects/access.js';
import { setSelection } from '../projects/session-service.js';

type Selection = z.infer<typeof sessionSelectionSchema>;

/**
 * POST /dcap/autoSwitch: this session takes the project, role and environment of another open session of the
 * same user (a second window or device that already chose where to work). Another user's session is never a
 * source: a different name is refused, and a session id that is not the caller's own open session is
 * "not found", so ids reveal nothing. The selection is checked again as a switch would check it (standing in
 * the project, the role still held, the environment usable), and the move is audited like a switch.
 */
export async function autoSwitch(deps: ServiceDeps, actor: Actor, body: { username: string; sessionId: number }, meta: RequestMeta): Promise<Selection> {
  const now = deps.clock.now();
  const source = await findOwnOpenSession(deps.db, body.sessionId, actor.userId, now);
  if (!source) throw new AppError('session.not_found');
  // The name must be the caller's own too: a client asking for another user's session is refused outright.
  if (body.username.toLowerCase() !== actor.username.toLowerCase()) throw new AppError('session.switch_forbidden');
  let selection: Selection = { projectId: null, roleId: null, env: null };
  if (source.current_project_id !== null) {
    const projectId = source.current_project_id;
    const context = await resolveProjectAccess(deps.db, { ...actor, currentProjectId: projectId, currentRoleId: source.current_role_id }, projectId);
    const roleId = context.access.role?.id ?? null;
    if (source.current_role_id !== null && roleId === null) throw new AppError('role.not_assigned');
    let env: string | null = null;
    if (source.current_env !== null) {
      const row = await findEnvByKey(deps.db, projectId, source.current_env);
      if (!row) throw new AppError('env.not_found');
      if (row.status !== 'normal') throw new AppError('env.disabled');
      env = row.key;
    }
    selection = { projectId, roleId, env };
  }
  // Audited like any switch, naming the session the selection came from.
  await setSelection(deps, actor, selection, meta, { origin: { fromSession: source.id } });
  return selection;
}

/** GET /dcap/locale, POST /dcap/autoSwitch and POST /dcap/platform/file/path (spec 000 §7.1). */
export function registerSessionCallRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/locale',
    summary: 'The language of this request (from Accept-Language), the default and the supported languages',
    tag: 'session',
    access: 'public',
    response: localeResponseSchema,
    handler: ({ meta }) => Promise.resolve(localeResponse(meta.locale)),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/autoSwitch',
    summary: 'Take the project, role and environment of another open session of one’s own',
    tag: 'session',
    access: 'signedIn',
    body: autoSwitchSchema,
    response: sessionSelectionSchema,
    handler: ({ actor, body, meta }) => autoSwitch(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/platform/file/path',
    summary: 'The download path of a stored file the caller may read',
    tag: 'session',
    access: 'signedIn',
    body: filePathRequestSchema,
    response: filePathResponseSchema,
    // No module of this release stores files (attachments and logos come with data capture and UI
    // settings), so every id is "not found"; the web keeps the failure silent (spec 000 §8.1).
    handler: () => Promise.reject(new AppError('file.not_found')),
  });
}
