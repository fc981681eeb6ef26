import type { PlatformAction } from '@dcap/core';
import { AppError, canOnPlatform, describeValidationIssues } from '@dcap/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, RequestMeta } from './context.js';
import { success } from './envelope.js';

/**
 * Who may call a route, declared beside the route and checked before the handler runs.
 * `public`: anyone; `signedIn`: any valid session; `{ platform }`: a platform right from core.
 */
export type Access = 'public' | 'signedIn' | { platform: PlatformAction };

type AnySchema = z.ZodType;
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
  /** A success message key rendered in the caller's language; defaults to the generic one. */
  successMessage?: (meta: RequestMeta) => string;
  handler: (input: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    /** Public routes never authenticate, so they see no actor. */
    actor: A extends 'public' ? null : Actor;
    meta: RequestMeta;
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

function authorise(access: Access, actor: Actor | null): void {
  if (access === 'public') return;
  if (!actor) throw new AppError('auth.required');
  if (access === 'signedIn') return;
  if (!canOnPlatform(actor, access.platform)) throw new AppError('permission.platform_admin_required');
}

const SUCCESS_MESSAGE = { 'zh-CN': '操作成功', 'en-US': 'Operation success' } as const;

export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];

  constructor(private readonly authenticate: (request: FastifyRequest) => Promise<Actor | null>) {}

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
    });
    app.route({
      method: definition.method,
      url: definition.url,
      handler: async (request) => {
        const meta = requestMeta(request);
        const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (definition.body && contentType && !consumes.includes(contentType)) {
          throw new AppError('request.unsupported_media_type', { type: contentType });
        }
        request.actor = definition.access === 'public' ? null : await this.authenticate(request);
        authorise(definition.access, request.actor);
        const data = await definition.handler({
          body: parse(definition.body, request.body, 'body', meta) as Out<B>,
          query: parse(definition.query, request.query, 'query', meta) as Out<Q>,
          params: parse(definition.params, request.params, 'params', meta) as Out<P>,
          actor: request.actor as A extends 'public' ? null : Actor,
          meta,
          request,
        });
        const msg = definition.successMessage?.(meta) ?? SUCCESS_MESSAGE[meta.locale];
        return success(data ?? null, msg, request.actor);
      },
    });
  }
}
