import {
  createdSurveyLinkSchema,
  createSurveyLinkSchema,
  mailPanelSchema,
  publicSurveySchema,
  pushPanelSchema,
  sendSurveyLinkSchema,
  submitSurveySchema,
  submittedSurveySchema,
  subjectWechatUnbindSchema,
  surveyLinkListQuerySchema,
  surveyLinkRefSchema,
  surveyLinksSchema,
  surveySentSchema,
  surveyTokenParamsSchema,
  surveyWechatSchema,
  wechatCodeSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { createLink, listLinks, revokeLink, sendLink } from './links.js';
import { mailPanel, pushPanel } from './mail.js';
import type { WechatClient } from '../messages/channels/index.js';
import { bindSurveyWechat, openSurvey, submitSurvey } from './public.js';
import { unbindSubjectWechat } from './wechat.js';

const TAG = 'epro';
const ENTER = { project: 'record.enter', site: 'scoped' } as const;

/**
 * Subject questionnaires (spec 002 §2 panel header buttons, §4 questionnaire states; docs/decisions.md
 * "Subject questionnaires"): staff make, list, revoke and send links and mail a panel; the subject opens and
 * submits the public page with the link's token alone, and binds their WeChat from it, which staff may unbind
 * (docs/decisions.md "Subject WeChat binding").
 */
export function registerEproRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, wechat: WechatClient): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/epro/link/create',
    summary: 'Make a questionnaire link for a blank panel instance, or for every blank survey panel of its visit; the token is told only here',
    tag: TAG,
    access: ENTER,
    body: createSurveyLinkSchema,
    response: createdSurveyLinkSchema,
    successMessage: 'epro.link_created',
    handler: ({ caller, body }) => createLink(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/epro/link/list',
    summary: 'A subject’s questionnaire links with their send, entry and validity states',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    query: surveyLinkListQuerySchema,
    response: surveyLinksSchema,
    handler: ({ caller, query }) => listLinks(deps, caller, query.subjectId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/epro/link/revoke',
    summary: 'Revoke a valid questionnaire link: it stops working at once',
    tag: TAG,
    access: ENTER,
    body: surveyLinkRefSchema,
    response: surveyLinksSchema,
    successMessage: 'epro.link_revoked_done',
    handler: ({ caller, body }) => revokeLink(deps, caller, body.linkId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/epro/link/send',
    summary: 'Queue a link’s invitation to the subject by e-mail (the address given, else the subject’s) or WeChat (the subject’s bound id)',
    tag: TAG,
    access: ENTER,
    body: sendSurveyLinkSchema,
    response: surveySentSchema,
    successMessage: 'epro.sent',
    handler: ({ caller, body }) => sendLink(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/epro/panel/mail',
    summary: 'Queue an e-mail of a panel instance’s values to an address staff type; hidden, arm and sensitive fields are left out',
    tag: TAG,
    access: ENTER,
    body: mailPanelSchema,
    response: surveySentSchema,
    successMessage: 'epro.sent',
    handler: ({ caller, body }) => mailPanel(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/epro/panel/push',
    summary: 'Make a questionnaire link for a blank panel instance and queue it to the subject’s bound WeChat id',
    tag: TAG,
    access: ENTER,
    body: pushPanelSchema,
    response: surveySentSchema,
    successMessage: 'epro.sent',
    handler: ({ caller, body }) => pushPanel(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/public/survey/:token',
    summary: 'The questionnaire of a link, for the subject without an account: its study and visit names and its blank panels; rate-limited',
    tag: TAG,
    access: 'public',
    params: surveyTokenParamsSchema,
    response: publicSurveySchema,
    handler: ({ meta, params }) => openSurvey(deps, meta, params.token),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/public/survey/:token/submit',
    summary: 'Submit a questionnaire: each panel saved through the staff save’s checks and audited as the subject, the link then entered; rate-limited',
    tag: TAG,
    access: 'public',
    params: surveyTokenParamsSchema,
    body: submitSurveySchema,
    response: submittedSurveySchema,
    successMessage: 'epro.submitted',
    handler: ({ meta, params, body }) => submitSurvey(deps, meta, params.token, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/epro/wechat/unbind',
    summary: 'Unbind a subject’s WeChat official-account id, to which reminders and questionnaires were sent',
    tag: TAG,
    access: ENTER,
    body: subjectWechatUnbindSchema,
    response: surveyLinksSchema,
    successMessage: 'ok.wechat_unbound',
    handler: ({ caller, body }) => unbindSubjectWechat(deps, caller, body.subjectId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/public/survey/:token/wechat',
    summary: 'Bind the subject’s WeChat official-account id from the questionnaire page by the OAuth code WeChat sent it back with; rate-limited',
    tag: TAG,
    access: 'public',
    params: surveyTokenParamsSchema,
    body: wechatCodeSchema,
    response: surveyWechatSchema,
    successMessage: 'ok.wechat_bound',
    handler: ({ meta, params, body }) => bindSurveyWechat(deps, wechat, meta, params.token, body.code),
  });
}
