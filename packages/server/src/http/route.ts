import { Readable } from 'node:stream';
import type { ApiKeyScope, NoticeCode, PlatformAction, ProjectAction } from '@dcap/core';
import { API_KEY_HEADER, AppError, canInProject, canOnPlatform, describeValidationIssues, noticeMessage } from '@dcap/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor, RequestContext, RequestMeta } from './context.js';
import { sessionEnv } from './context.js';
import type { ProjectContext } from '../modules/projects/access.js';
import { success } from './envelope.js';

/** Where a project-scoped route finds its project: the parsed input, or the session's current project. */
export type ProjectLocator = (input: { body: unknown; query: unknown; params: unknown }) => number | undefined;

/**
 * Who may call a route, declared beside the route and checked before the handler runs.
 * `public`: anyone; `signedIn`: any valid session; `{ platform }`: a platform right from core;
 * `{ project, locate }`: a project right from core in the project `locate` names (the session's current
 * project when it returns undefined), resolved with the caller's role and site scope. `site: 'scoped'`
 * declares that the call acts on one site's data (a site's details, a grant of a site-limited role): the
 * service then also refuses a caller whose role does not cover that site (spec 000 §6), and the permission
 * inventory checks it with a member of another site.
 */
export type ProjectRouteAccess = { project: ProjectAction; locate?: ProjectLocator; site?: 'scoped' };
export type Access = 'public' | 'signedIn' | { platform: PlatformAction } | ProjectRouteAccess;

export interface ProjectResolver {
  (actor: Actor, projectId: number): Promise<ProjectContext>;
}

/** A file a route answers with instead of the JSON envelope (the spreadsheet exports of spec 000 §7.3). */
export interface FileReply {
  contentType: string;
  filename: string;
  /** The bytes, or a stream of them for a file too large to hold in memory (an export read from the database). */
  body: Buffer | Readable;
}
export const fileReplySchema = z.custom<FileReply>((value) => {
  const body = typeof value === 'object' && value !== null ? (value as { body?: unknown }).body : undefined;
  return Buffer.isBuffer(body) || body instanceof Readable;
});

type AnySchema = z.ZodType;
/** The request context a route's handler receives: no caller on public routes, a project on project routes. */
export type ContextOf<A extends Access> = A extends 'public'
  ? RequestContext<null, null>
  : A extends ProjectRouteAccess
    ? RequestContext<Actor, ProjectContext>
    : RequestContext<Actor, null>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDefinition<
  A extends Access,
  B extends AnySchema | undefined,
  Q extends AnySchema | undefined,
  P extends AnySchema | undefined,
  R extends AnySchema,
> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Content types the body may arrive in; JSON unless a spec call says otherwise (the login form). */
  consumes?: string[];
  /** The catalogue sentence of a success, rendered in the caller's language; defaults to the generic one. */
  successMessage?: NoticeCode;
  /** The handler returns a FileReply (response `fileReplySchema`), sent as the file itself, not in the envelope. */
  raw?: boolean;
  /**
   * A multipart upload with its own size limit instead of the body limit: a larger file is cut off at
   * `maxBytes` and marked truncated (http/uploads.ts) so the service answers its own message.
   */
  upload?: { maxBytes: number };
  /**
   * Callable by a user who must still replace a password an administrator reset (changing it is the only such
   * call); every other signed-in call answers `auth.password_change_required` (docs/decisions.md).
   */
  beforePasswordChange?: boolean;
  /**
   * The API-key scope that admits this call (docs/decisions.md "Platform administration"): a request with
   * the `X-Api-Key` header is authenticated by the key alone and reaches only the calls naming one of its
   * scopes; every other call refuses it.
   */
  apiKey?: ApiKeyScope;
  handler: (input: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    /** Public routes never authenticate, so they see no actor. */
    actor: A extends 'public' ? null : Actor;
    /** The project a project-scoped route acts on, with the caller's standing there. */
    project: A extends ProjectRouteAccess ? ProjectContext : null;
    meta: RequestMeta;
    /** The same caller, project, environment and meta as one value, to hand to a service as is. */
    caller: ContextOf<A>;
    request: FastifyRequest;
  }) => Promise<z.input<R>>;
}

/** Everything registered, for the OpenAPI document and the route inventory used by tests. */
export interface RegisteredRoute {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  access: Access;
  body?: AnySchema;
  query?: AnySchema;
  params?: AnySchema;
  response: AnySchema;
  consumes: string[];
  raw: boolean;
  apiKey?: ApiKeyScope;
}

function parse(schema: AnySchema | undefined, value: unknown, where: string, meta: RequestMeta): unknown {
  if (!schema) return undefined;
  // reportInput lets the message tell a missing value from one of the wrong type; inputs are not echoed back.
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}), { reportInput: true });
  if (result.success) return result.data;
  throw new AppError('request.invalid', {}, describeValidationIssues(result.error.issues, meta.locale));
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { locale: request.locale, ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}

function authorise(access: Access, actor: Actor | null, beforePasswordChange: boolean): void {
  if (access === 'public') return;
  if (!actor) throw new AppError('auth.required');
  if (actor.mustChangePassword && !beforePasswordChange) throw new AppError('auth.password_change_required');
  if (access === 'signedIn' || 'project' in access) return;
  if (!canOnPlatform(actor, access.platform)) throw new AppError('permission.platform_admin_required');
}

async function authoriseProject(
  access: Access,
  actor: Actor | null,
  input: { body: unknown; query: unknown; params: unknown },
  resolve: ProjectResolver,
): Promise<ProjectContext | null> {
  if (typeof access === 'string' || !('project' in access) || !actor) return null;
  const projectId = access.locate?.(input) ?? actor.currentProjectId;
  if (projectId === null) throw new AppError('project.no_current');
  const context = await resolve(actor, projectId);
  if (!canInProject(context.access, access.project)) {
    throw new AppError(context.access.role && !context.access.role.enabled ? 'role.disabled' : 'permission.project_forbidden');
  }
  return context;
}

function sendFile(reply: FastifyReply, file: FileReply): FastifyReply {
  // The quoted name is for old clients; filename* carries the exact name in UTF-8 (RFC 6266).
  const fallback = file.filename.replace(/[^\w.-]/g, '_');
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];

  constructor(
    private readonly authenticate: (request: FastifyRequest) => Promise<Actor | null>,
    private readonly resolveProject: ProjectResolver,
    /** Resolves an API key for a call admitting `scope` (none: the call admits no key), or refuses it. */
    private readonly authenticateKey?: (secret: string, scope: ApiKeyScope | undefined) => Promise<Actor>,
  ) {}

  add<
    A extends Access,
    B extends AnySchema | undefined,
    Q extends AnySchema | undefined,
    P extends AnySchema | undefined,
    R extends AnySchema,
  >(app: FastifyInstance, definition: RouteDefinition<A, B, Q, P, R>): void {
    const consumes = definition.consumes ?? ['application/json'];
    this.routes.push({
      method: definition.method,
      url: definition.url,
      summary: definition.summary,
      tag: definition.tag,
      access: definition.access,
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.query ? { query: definition.query } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      response: definition.response,
      consumes,
      raw: definition.raw ?? false,
      ...(definition.apiKey ? { apiKey: definition.apiKey } : {}),
    });
    app.route({
      method: definition.method,
      url: definition.url,
      ...(definition.upload ? { config: { multipartOptions: { limits: { fileSize: definition.upload.maxBytes }, throwFileSizeLimit: false } } } : {}),
      handler: async (request, reply) => {
        const meta = requestMeta(request);
        const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (definition.body && contentType && !consumes.includes(contentType)) {
          throw new AppError('request.unsupported_media_type', { type: contentType });
        }
        const apiKey = request.headers[API_KEY_HEADER];
        if (definition.access !== 'public' && typeof apiKey === 'string' && this.authenticateKey) {
          // The key's scope is the whole of the integration's rights; it holds no user's.
          request.actor = await this.authenticateKey(apiKey, definition.apiKey);
        } else {
          request.actor = definition.access === 'public' ? null : await this.authenticate(request);
          authorise(definition.access, request.actor, definition.beforePasswordChange ?? false);
        }
        const input = {
          body: parse(definition.body, request.body, 'body', meta) as Out<B>,
          query: parse(definition.query, request.query, 'query', meta) as Out<Q>,
          params: parse(definition.params, request.params, 'params', meta) as Out<P>,
        };
        const project = await authoriseProject(definition.access, request.actor, input, this.resolveProject);
        const env = project && request.actor ? sessionEnv({ actor: request.actor, project, meta }) : null;
        const caller = { actor: request.actor, project, env, meta } as ContextOf<A>;
        const data = await definition.handler({
          ...input,
          actor: request.actor as A extends 'public' ? null : Actor,
          project: project as A extends ProjectRouteAccess ? ProjectContext : null,
          meta,
          caller,
          request,
        });
        if (definition.raw) return sendFile(reply, fileReplySchema.parse(data));
        const msg = noticeMessage(definition.successMessage ?? 'ok.done', meta.locale);
        return success(data ?? null, msg, request.actor);
      },
    });
  }
}
