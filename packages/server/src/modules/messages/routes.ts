import {
  markedReadSchema,
  markNotificationsReadSchema,
  messageConfigEventSchema,
  messageConfigSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  saveMessageConfigSchema,
  unreadCountSchema,
  userBriefSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { listProjectConfigs, listProjectMembers, listSystemConfigs, resetProjectConfig, saveProjectConfig, saveSystemConfig } from './config-service.js';
import { listMyNotifications, markNotificationsRead, unreadCount } from './notifications-service.js';

const TAG = 'messages';
const SYSTEM = { platform: 'messages.configure' } as const;
const PROJECT = { project: 'messages.manage' } as const;

/**
 * The message configuration of the platform (/sys/messageConfig) and of the session's project
 * (/project/message), spec 002 §3; and the caller's own in-site notifications (spec 000 §2.3, §3).
 */
export function registerMessageRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/messageConfig/list',
    summary: "The platform's configuration of every message event, saved or default",
    tag: TAG,
    access: SYSTEM,
    response: z.array(messageConfigSchema),
    handler: () => listSystemConfigs(deps),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/messageConfig/save',
    summary: "Save the platform's configuration of one event; unknown placeholders are refused",
    tag: TAG,
    access: SYSTEM,
    body: saveMessageConfigSchema,
    response: messageConfigSchema,
    handler: ({ caller, body }) => saveSystemConfig(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/message/list',
    summary: "Every message event as the session's project runs it: its own configuration or the inherited system one",
    tag: TAG,
    access: PROJECT,
    response: z.array(messageConfigSchema),
    handler: ({ caller }) => listProjectConfigs(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/message/save',
    summary: "Save the project's own configuration of one event, which replaces the system one for the project",
    tag: TAG,
    access: PROJECT,
    body: saveMessageConfigSchema,
    response: messageConfigSchema,
    handler: ({ caller, body }) => saveProjectConfig(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/message/reset',
    summary: "Drop the project's own configuration of one event, so the system one holds again",
    tag: TAG,
    access: PROJECT,
    body: messageConfigEventSchema,
    response: messageConfigSchema,
    handler: ({ caller, body }) => resetProjectConfig(deps, caller, body.event),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/message/members',
    summary: "The session's project's active members, for the blacklist picker of its message configuration",
    tag: TAG,
    access: PROJECT,
    response: z.array(userBriefSchema),
    handler: ({ caller }) => listProjectMembers(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/notification/list',
    summary: "The caller's in-site messages, newest first, paged",
    tag: TAG,
    access: 'signedIn',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    handler: ({ caller, query }) => listMyNotifications(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/notification/unreadCount',
    summary: "How many of the caller's in-site messages are unread (the header bell)",
    tag: TAG,
    access: 'signedIn',
    response: unreadCountSchema,
    handler: ({ caller }) => unreadCount(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/notification/read',
    summary: "Mark some of the caller's in-site messages read",
    tag: TAG,
    access: 'signedIn',
    body: markNotificationsReadSchema,
    response: markedReadSchema,
    handler: ({ caller, body }) => markNotificationsRead(deps, caller, body.ids),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/notification/readAll',
    summary: "Mark all of the caller's in-site messages read",
    tag: TAG,
    access: 'signedIn',
    response: markedReadSchema,
    handler: ({ caller }) => markNotificationsRead(deps, caller, null),
  });
}
