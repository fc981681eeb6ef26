import { userIdParamsSchema, wechatBindingsSchema, wechatCodeSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { bindWechat, listWechatBindings, unbindWechat } from './binding-service.js';
import type { WechatClient } from './channels/index.js';

const MANAGE_USERS = { platform: 'user.manage' } as const;

/** WeChat binding: the signed-in user's own calls, and the administrators' unbinding of spec 002 §7. */
export function registerWechatBindingRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, wechat: WechatClient): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/user/wechat/bindings',
    summary: 'The signed-in user’s WeChat bindings',
    tag: 'account',
    access: 'signedIn',
    response: wechatBindingsSchema,
    handler: ({ actor }) => listWechatBindings(deps, actor.userId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/user/wechat/bind',
    summary: 'Bind the signed-in user’s WeChat official-account id by an OAuth code',
    tag: 'account',
    access: 'signedIn',
    body: wechatCodeSchema,
    response: wechatBindingsSchema,
    successMessage: 'ok.wechat_bound',
    handler: ({ caller, body }) => bindWechat(deps, wechat, caller, 'official', body.code),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/user/wechat/bindMiniApp',
    summary: 'Bind the signed-in user’s WeChat mini-app id by a wx.login code',
    tag: 'account',
    access: 'signedIn',
    body: wechatCodeSchema,
    response: wechatBindingsSchema,
    successMessage: 'ok.miniapp_bound',
    handler: ({ caller, body }) => bindWechat(deps, wechat, caller, 'miniApp', body.code),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/user/wechat/unbind',
    summary: 'Unbind the signed-in user’s WeChat official-account id',
    tag: 'account',
    access: 'signedIn',
    response: wechatBindingsSchema,
    successMessage: 'ok.wechat_unbound',
    handler: ({ caller, actor }) => unbindWechat(deps, caller, actor.userId, 'official'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/user/wechat/unbindMiniApp',
    summary: 'Unbind the signed-in user’s WeChat mini-app id',
    tag: 'account',
    access: 'signedIn',
    response: wechatBindingsSchema,
    successMessage: 'ok.miniapp_unbound',
    handler: ({ caller, actor }) => unbindWechat(deps, caller, actor.userId, 'miniApp'),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/wechatBindings/:id',
    summary: 'A user’s WeChat bindings',
    tag: 'users',
    access: MANAGE_USERS,
    params: userIdParamsSchema,
    response: wechatBindingsSchema,
    handler: ({ params }) => listWechatBindings(deps, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/unbind/:id',
    summary: 'Unbind a user’s WeChat official-account id',
    tag: 'users',
    access: MANAGE_USERS,
    params: userIdParamsSchema,
    response: wechatBindingsSchema,
    successMessage: 'ok.wechat_unbound',
    handler: ({ caller, params }) => unbindWechat(deps, caller, params.id, 'official'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/unbindMiniApp/:id',
    summary: 'Unbind a user’s WeChat mini-app id',
    tag: 'users',
    access: MANAGE_USERS,
    params: userIdParamsSchema,
    response: wechatBindingsSchema,
    successMessage: 'ok.miniapp_unbound',
    handler: ({ caller, params }) => unbindWechat(deps, caller, params.id, 'miniApp'),
  });
}
