import type { Locale, SurveyLinks } from '@dcap/core';
import { AppError, surveyPath } from '@dcap/core';
import type { SubjectRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { dataScope, subjectInScope } from '../subjects/scope.js';
import { listLinks } from './links.js';
import { subjectWechatId } from './presenter.js';
import * as repo from './repo.js';

/**
 * Subjects' WeChat binding (spec 002 §3 "bound WeChat ids"; docs/decisions.md "Subject WeChat binding"): the
 * subject binds their official-account open id from the questionnaire page opened in WeChat (public.ts
 * `bindSurveyWechat`), staff who may enter the subject's data see it on the subject's questionnaire tab and
 * unbind it. Reminders, pushed panels and WeChat invitations go to `wechat_ids.official`.
 */

/** WeChat's web-page authorisation, which comes back to the page with a `code` (official-account OAuth). */
const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/**
 * The address that starts the binding: the official account's OAuth with `snsapi_base` (the open id only,
 * asked of nobody), coming back to the same questionnaire page; null when no official account is configured.
 * WeChat reads the parameters in this order, and the page's domain must be the account's authorised one
 * (`PUBLIC_URL`, docs/operations.md).
 */
export function wechatAuthorizeUrl(deps: ServiceDeps, token: string, language: Locale): string | null {
  const official = deps.config.wechat.official;
  if (!official) return null;
  const query = new URLSearchParams({
    appid: official.appId,
    redirect_uri: `${deps.config.publicUrl}${surveyPath(token, language)}`,
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'wechat',
  });
  return `${WECHAT_AUTHORIZE_URL}?${query.toString()}#wechat_redirect`;
}

/** The subject's WeChat ids with the official-account one set, or removed (null); other kinds are kept. */
export function withOfficialId(subject: Pick<SubjectRow, 'wechat_ids'>, openId: string | null): Record<string, unknown> {
  const ids = subject.wechat_ids as Record<string, unknown> | null;
  const kept = ids !== null && typeof ids === 'object' && !Array.isArray(ids) ? { ...ids } : {};
  delete kept.official;
  return openId === null ? kept : { ...kept, official: openId };
}

/**
 * POST /dcap/epro/wechat/unbind: the subject's official-account id removed by staff who may enter its data
 * at its site (another site's subject answers as missing), audited; the subject's links answer as before.
 */
export async function unbindSubjectWechat(deps: ServiceDeps, caller: ProjectCaller, subjectId: number): Promise<SurveyLinks> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, subjectId);
  await projectWrite(deps, caller, { right: 'record.enter' }, async (trx, audit) => {
    const subject = await repo.lockSubject(trx, subjectId);
    const bound = subject ? subjectWechatId(subject) : null;
    if (!subject || bound === null) throw new AppError('epro.wechat_unbind_failed');
    await repo.setWechatIds(trx, subject.id, withOfficialId(subject, null));
    await audit({ action: 'epro.wechatUnbind', entityType: 'subject', entityId: subject.id, siteId: subject.site_id, env: scope.env.key, oldValue: { official: bound }, newValue: { official: null } });
  });
  return listLinks(deps, caller, subjectId);
}
