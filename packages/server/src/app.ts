import { registerSigninChannelRoutes } from './modules/auth/signin-routes.js';
import { registerUkeyRoutes } from './modules/users/ukey.js';
import { registerSignatureRoutes } from './modules/users/signature.js';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { pickLocale } from '@dcap/core';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import type { ServiceDeps } from './deps.js';
import './http/context.js';
import { frameworkErrors, installErrorHandler } from './http/error-handler.js';
import { buildOpenApi } from './http/openapi.js';
import { RouteRegistry } from './http/route.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { rememberUploadedFile } from './http/uploads.js';
import { registerSpa } from './http/spa.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { authenticate } from './modules/auth/service.js';
import { SessionCache, subscribeSessionCache } from './modules/auth/session-cache.js';
import { resolveProjectAccess } from './modules/projects/access.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { registerSessionCallRoutes } from './modules/system/session-calls.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { registerPreferenceRoutes } from './modules/users/preferences-routes.js';
import { registerUnitRoutes } from './modules/units/routes.js';
import { registerAreaRoutes } from './modules/areas/routes.js';
import { registerProjectRoutes } from './modules/projects/routes.js';
import { registerApprovalRoutes } from './modules/projects/approvals-routes.js';
import { registerSessionRoutes } from './modules/projects/session-routes.js';
import { registerProjectCallRoutes } from './modules/projects/project-calls-routes.js';
import { registerEnvironmentRoutes } from './modules/environments/routes.js';
import { registerSiteRoutes } from './modules/sites/routes.js';
import { registerRoleRoutes } from './modules/roles/routes.js';
import { registerInstrumentRoutes } from './modules/instruments/routes.js';
import { registerDesignImportRoutes } from './modules/design-import/routes.js';
import { registerEventRoutes } from './modules/events/routes.js';
import { registerPublishingRoutes } from './modules/publishing/routes.js';
import { registerLibraryRoutes } from './modules/library/routes.js';
import { registerCodingRoutes } from './modules/coding/routes.js';
import { JobWorker } from './modules/jobs/worker.js';
import { reminderJobHandler } from './modules/reminders/job.js';
import { registerImportRoutes } from './modules/imports/routes.js';
import type { RemoteRandomisation } from './modules/randomisation/remote.js';
import { createHttpRemoteRandomisation } from './modules/randomisation/remote-http.js';
import { registerRandomisationRoutes } from './modules/randomisation/routes.js';
import { dispenseFirstKit } from './modules/supply/dispense.js';
import { registerSupplyRoutes } from './modules/supply/routes.js';
import { registerMessageRoutes } from './modules/messages/routes.js';
import { registerSopRoutes } from './modules/sop/routes.js';
import { registerDesignPackageRoutes } from './modules/imports/design-routes.js';
import { registerSyncRoutes } from './modules/sync/routes.js';
import { registerQueryRoutes } from './modules/queries/routes.js';
import { registerCrfPdfRoutes } from './modules/crf-pdf/routes.js';
import { registerAttachmentRoutes } from './modules/attachments/routes.js';
import { registerDashboardRoutes } from './modules/dashboard/routes.js';
import { registerAnalyticsRoutes } from './modules/analytics/routes.js';
import { registerScheduleRoutes } from './modules/schedule/routes.js';
import { registerSubjectRoutes } from './modules/subjects/routes.js';
import { registerWorkflowRoutes } from './modules/workflow/routes.js';
import { registerRecordRoutes } from './modules/records/routes.js';
import { registerEproRoutes } from './modules/epro/routes.js';
import { registerOdmRoutes } from './modules/odm/routes.js';
import { registerExportRoutes } from './modules/exports/routes.js';
import type { DatabaseHandle } from './db/database.js';
import type { ChannelAdapters, WechatClient } from './modules/messages/channels/index.js';
import { createChannels, createWechatClient } from './modules/messages/channels/index.js';
import { MessageSender } from './modules/messages/sender.js';
import { registerMessageLogRoutes } from './modules/messages/log-routes.js';
import { registerBulletinRoutes } from './modules/bulletins/routes.js';
import { registerSysConfigRoutes } from './modules/sysconfig/routes.js';
import { registerUiConfigRoutes } from './modules/ui-config/routes.js';
import { registerWechatBindingRoutes } from './modules/messages/binding-routes.js';
import { registerAdminRoutes } from './modules/admin/routes.js';
import { authenticateApiKey } from './modules/admin/api-keys.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Tests pass false to keep their output quiet; the server logs one line per request. */
  logger?: boolean;
  /**
   * The external randomisation service of projects with remote randomisation (modules/randomisation/remote.ts);
   * without it the HTTP adapter is built from the REMOTE_RANDOMISATION_* settings, if any.
   */
  remoteRandomisation?: RemoteRandomisation;
  /** The WeChat API client (binding, template messages); built from the WECHAT_* settings without it. */
  wechat?: WechatClient;
  /** Outbound channels replacing the configured ones (modules/messages/channels), for tests. */
  channels?: Partial<ChannelAdapters>;
}

export interface App {
  fastify: FastifyInstance;
  routes: RouteRegistry;
  deps: ServiceDeps;
  /**
   * The background job worker, with every module's handlers registered. Not started here: `main.ts` starts
   * it with the server, tests run it with `drain()`; closing the app stops it.
   */
  jobs: JobWorker;
  /**
   * The sender of e-mail and WeChat messages (docs/decisions.md "Message sending"), started by `main.ts`
   * like the job worker, drained by tests; closing the app stops it.
   */
  messages: MessageSender;
}

/** Builds the HTTP application; `main.ts` listens on it, tests call `fastify.inject()`. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const deps: ServiceDeps = { db: database.db, config, clock: options.clock ?? systemClock, sessions: new SessionCache() };
  const fastify = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.token', 'req.headers.authorization', 'req.headers["x-api-key"]'] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  fastify.decorateRequest('locale', 'zh-CN');
  fastify.decorateRequest('actor', null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    request.locale = pickLocale(typeof header === 'string' ? header : undefined);
    done();
  });
  // Only JSON and the sign-in form are accepted; text/plain bodies are refused instead of read as strings.
  fastify.removeContentTypeParser('text/plain');
  await fastify.register(formbody, { bodyLimit: config.bodyLimitBytes });
  // Uploads (spec 000 §7: upload endpoints are multipart): one file, read into the body for the route's schema.
  fastify.decorateRequest('uploadedFile', null);
  await fastify.register(multipart, { attachFieldsToBody: 'keyValues', onFile: rememberUploadedFile, limits: { fileSize: config.bodyLimitBytes, files: 1, fields: 10, parts: 11 } });
  installSecurityHeaders(fastify);
  installErrorHandler(fastify, config.bodyLimitBytes);
  const stopSessionCache = await subscribeSessionCache(database, deps.sessions, (message) => fastify.log.warn(message));
  fastify.addHook('onClose', stopSessionCache);
  const jobs = new JobWorker(deps, { warn: (message) => fastify.log.warn(message) });
  fastify.addHook('onClose', () => jobs.stop());
  const wechat = options.wechat ?? createWechatClient(config.wechat);
  const messages = new MessageSender(deps, { ...createChannels(config, wechat), ...options.channels }, { warn: (message) => fastify.log.warn(message) });
  fastify.addHook('onClose', () => messages.stop());

  const routes = new RouteRegistry(
    (request) => {
      const token = request.headers.token;
      return authenticate(deps, typeof token === 'string' ? token : undefined);
    },
    (actor, projectId) => resolveProjectAccess(deps.db, actor, projectId),
    (secret, scope) => authenticateApiKey(deps, secret, scope),
  );
  registerAuthRoutes(fastify, routes, deps);
  registerSystemRoutes(fastify, routes, deps);
  registerSessionCallRoutes(fastify, routes, deps);
  registerUserRoutes(fastify, routes, deps);
  registerPreferenceRoutes(fastify, routes, deps);
  registerUnitRoutes(fastify, routes, deps);
  registerAreaRoutes(fastify, routes, deps);
  registerProjectRoutes(fastify, routes, deps);
  registerApprovalRoutes(fastify, routes, deps);
  registerSessionRoutes(fastify, routes, deps);
  registerProjectCallRoutes(fastify, routes, deps);
  registerEnvironmentRoutes(fastify, routes, deps);
  registerSiteRoutes(fastify, routes, deps);
  registerRoleRoutes(fastify, routes, deps);
  await registerInstrumentRoutes(fastify, routes, deps);
  registerDesignImportRoutes(fastify, routes, deps);
  registerEventRoutes(fastify, routes, deps);
  registerPublishingRoutes(fastify, routes, deps);
  registerLibraryRoutes(fastify, routes, deps);
  registerSyncRoutes(fastify, routes, deps, jobs);
  registerAttachmentRoutes(fastify, routes, deps);
  registerDashboardRoutes(fastify, routes, deps);
  registerAnalyticsRoutes(fastify, routes, deps);
  registerScheduleRoutes(fastify, routes, deps);
  registerSubjectRoutes(fastify, routes, deps);
  registerWorkflowRoutes(fastify, routes, deps);
  registerRecordRoutes(fastify, routes, deps);
  registerEproRoutes(fastify, routes, deps, wechat);
  registerQueryRoutes(fastify, routes, deps);
  registerCrfPdfRoutes(fastify, routes, deps);
  registerOdmRoutes(fastify, routes, deps);
  registerImportRoutes(fastify, routes, deps, jobs);
  registerSupplyRoutes(fastify, routes, deps);
  registerMessageRoutes(fastify, routes, deps);
  registerSopRoutes(fastify, routes, deps);
  registerCodingRoutes(fastify, routes, deps, jobs);
  registerDesignPackageRoutes(fastify, routes, deps);
  registerExportRoutes(fastify, routes, deps, jobs);
  // Visit reminders run as a job per hour slot (modules/reminders; main.ts queues the slots).
  jobs.register(reminderJobHandler);
  registerMessageLogRoutes(fastify, routes, deps);
  registerBulletinRoutes(fastify, routes, deps);
  registerUiConfigRoutes(fastify, routes, deps);
  registerWechatBindingRoutes(fastify, routes, deps, wechat);
  registerAdminRoutes(fastify, routes, deps);
  registerSysConfigRoutes(fastify, routes, deps);
  registerSigninChannelRoutes(fastify, routes, deps, wechat);
  registerUkeyRoutes(fastify, routes, deps);
  registerSignatureRoutes(fastify, routes, deps);
  const remote = options.remoteRandomisation ?? (config.remoteRandomisation ? createHttpRemoteRandomisation(config.remoteRandomisation) : null);
  // The first drug number comes from the drug plan's first kit where the project has one (modules/supply).
  registerRandomisationRoutes(fastify, routes, deps, { remote, firstKit: dispenseFirstKit });

  const openApi = buildOpenApi(routes.routes, config.version.number);
  fastify.get('/dcap/openapi.json', async (_request, reply) => reply.type('application/json').send(openApi));
  await registerSpa(fastify, config.webDist);
  return { fastify, routes, deps, jobs, messages };
}
