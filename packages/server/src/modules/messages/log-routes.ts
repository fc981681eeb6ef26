import { messageDetailSchema, messageIdParamsSchema, messageLogFiltersSchema, messageLogPageSchema, messageLogQuerySchema, messageStatsSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { cancelMessage, getMessage, listMessageLog, messageStats, resendMessage } from './log-service.js';

const MANAGE_MESSAGES = { platform: 'message.manage' } as const;

/** The message log (spec 000 §2.2 /sys/messageLog): platform administrators only. */
export function registerMessageLogRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/messageLog/list',
    summary: 'E-mail and WeChat messages, newest first, with filters',
    tag: 'messages',
    access: MANAGE_MESSAGES,
    query: messageLogQuerySchema,
    response: messageLogPageSchema,
    handler: ({ caller, query }) => listMessageLog(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/messageLog/stats',
    summary: 'Messages counted by channel and status, with the list’s filters',
    tag: 'messages',
    access: MANAGE_MESSAGES,
    query: messageLogFiltersSchema,
    response: messageStatsSchema,
    handler: ({ query }) => messageStats(deps, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/messageLog/info/:id',
    summary: 'One message with its text, failure and resends',
    tag: 'messages',
    access: MANAGE_MESSAGES,
    params: messageIdParamsSchema,
    response: messageDetailSchema,
    handler: ({ caller, params }) => getMessage(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/messageLog/resend/:id',
    summary: 'Queue a sent, failed or unconfirmed message again as a new message',
    tag: 'messages',
    access: MANAGE_MESSAGES,
    params: messageIdParamsSchema,
    response: messageDetailSchema,
    successMessage: 'ok.message_resent',
    handler: ({ caller, params }) => resendMessage(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/messageLog/cancel/:id',
    summary: 'Withdraw a queued message',
    tag: 'messages',
    access: MANAGE_MESSAGES,
    params: messageIdParamsSchema,
    response: messageDetailSchema,
    successMessage: 'ok.message_cancelled',
    handler: ({ caller, params }) => cancelMessage(deps, caller, params.id),
  });
}
