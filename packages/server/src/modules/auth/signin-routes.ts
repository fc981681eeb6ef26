import {
  miniAppLoginQuerySchema,
  miniAppLoginResponseSchema,
  passwordRecoveryRequestSchema,
  passwordResetSchema,
  qrAuthQuerySchema,
  qrLoginCreatedSchema,
  qrLoginIdParamsSchema,
  qrLoginInfoSchema,
  qrLoginPollResponseSchema,
  qrLoginPollSchema,
  qrLoginRequestSchema,
  recoveryLinkSchema,
  recoveryTokenQuerySchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import type { WechatClient } from '../messages/channels/index.js';
import { miniAppLogin } from './miniapp.js';
import { createQrRequest, decideQrRequest, pollQrRequest, readQrRequest } from './qr.js';
import { checkRecoveryLink, requestRecovery, resetByLink } from './recovery.js';

/** Sign-in channels besides the password form (spec 000 §7.1; docs/decisions.md "Sign-in channels"). */
export function registerSigninChannelRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, wechat: WechatClient): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/user/password/recovery',
    summary: 'Ask for a password reset link by login name or e-mail; the answer never says whether an account exists',
    tag: 'session',
    access: 'public',
    body: passwordRecoveryRequestSchema,
    response: z.null(),
    successMessage: 'ok.recovery_requested',
    handler: async ({ body, meta }) => {
      await requestRecovery(deps, body, meta);
      return null;
    },
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/user/password/recovery/link',
    summary: 'Whether a password reset link is usable, and for which login name',
    tag: 'session',
    access: 'public',
    query: recoveryTokenQuerySchema,
    response: recoveryLinkSchema,
    handler: ({ query }) => checkRecoveryLink(deps, query.token),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/user/password/reset',
    summary: 'Set a new password by a reset link (single use); every session of the user ends',
    tag: 'session',
    access: 'public',
    body: passwordResetSchema,
    response: z.null(),
    successMessage: 'ok.password_reset',
    handler: async ({ body, meta }) => {
      await resetByLink(deps, body, meta);
      return null;
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/dcap/wx/webApp/request',
    summary: 'A short-lived QR-code sign-in request for the desktop sign-in page, with the secret that collects it',
    tag: 'session',
    access: 'public',
    body: qrLoginRequestSchema,
    response: qrLoginCreatedSchema,
    handler: ({ body, meta }) => createQrRequest(deps, body.device, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/wx/webApp/:id/poll',
    summary: 'The desktop’s poll of its QR-code request: its state, and the session once a phone confirmed',
    tag: 'session',
    access: 'public',
    params: qrLoginIdParamsSchema,
    body: qrLoginPollSchema,
    response: qrLoginPollResponseSchema,
    handler: ({ params, body, meta }) => pollQrRequest(deps, params.id, body.secret, meta),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/wx/webApp/:id/auth',
    summary: 'QR-code authorisation: the signed-in phone reads where and when the request was made',
    tag: 'session',
    access: 'signedIn',
    params: qrLoginIdParamsSchema,
    query: qrAuthQuerySchema,
    response: qrLoginInfoSchema,
    handler: ({ params }) => readQrRequest(deps, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/wx/webApp/:id/confirm',
    summary: 'The signed-in phone confirms a QR-code request: the desktop signs in as this user',
    tag: 'session',
    access: 'signedIn',
    params: qrLoginIdParamsSchema,
    response: qrLoginInfoSchema,
    successMessage: 'ok.qr_confirmed',
    handler: ({ actor, params, meta }) => decideQrRequest(deps, actor, params.id, true, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/wx/webApp/:id/refuse',
    summary: 'The signed-in phone refuses a QR-code request',
    tag: 'session',
    access: 'signedIn',
    params: qrLoginIdParamsSchema,
    response: qrLoginInfoSchema,
    successMessage: 'ok.qr_refused',
    handler: ({ actor, params, meta }) => decideQrRequest(deps, actor, params.id, false, meta),
  });

  routes.add(app, {
    method: 'POST',
    url: '/dcap/miniApp/user/login',
    summary: 'Sign in from the WeChat mini-app by its wx.login code (the user who bound that mini-app id)',
    tag: 'session',
    access: 'public',
    query: miniAppLoginQuerySchema,
    response: miniAppLoginResponseSchema,
    handler: ({ query, meta }) => miniAppLogin(deps, wechat, query, meta),
  });
}
