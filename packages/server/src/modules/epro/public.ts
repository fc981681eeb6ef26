import type { PublicSurvey, SubmitSurveyRequest, SubmittedSurvey, SurveyWechat } from '@dcap/core';
import { AppError, SURVEY_RATE_PER_ADDRESS, SURVEY_RATE_PER_TOKEN, subjectActor, surveyValidity } from '@dcap/core';
import type { PanelInstanceRow, SurveyLinkRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { RequestMeta } from '../../http/context.js';
import { subjectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { exchangeWechatCode } from '../messages/binding-service.js';
import type { WechatClient } from '../messages/channels/index.js';
import { applyValues } from '../records/apply-values.js';
import { designOf } from '../records/design.js';
import type { PanelStatus } from '@dcap/core';
import { hashToken } from './links.js';
import { subjectWechatId } from './presenter.js';
import * as repo from './repo.js';
import { wechatAuthorizeUrl, withOfficialId } from './wechat.js';

/**
 * The public questionnaire page's calls (docs/decisions.md "Subject questionnaires"): no account, the token
 * is the only key. Each call counts against a limit per address and per token (as sign-in's per address),
 * an unknown, expired, revoked or submitted link is refused saying which, and nothing but the link's own
 * blank panels is read or written. The save is the staff save (records/apply-values.ts), attributed to the
 * subject.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

async function countCall(deps: ServiceDeps, ip: string, tokenHash: string): Promise<void> {
  const now = deps.clock.now();
  const counts = await repo.countHits(deps.db, ip, tokenHash, new Date(now.getTime() - MINUTE));
  if (counts.byAddress >= SURVEY_RATE_PER_ADDRESS || counts.byToken >= SURVEY_RATE_PER_TOKEN) throw new AppError('request.rate_limited', { seconds: 60 });
  await repo.recordHit(deps.db, ip, tokenHash, now, new Date(now.getTime() - DAY));
}

/** Refuses a link that cannot be used now, saying why. */
function requireUsable(link: SurveyLinkRow | undefined, now: Date): SurveyLinkRow {
  if (!link) throw new AppError('epro.link_unknown');
  const validity = surveyValidity({ expiresAt: link.expires_at, revokedAt: link.revoked_at, enteredAt: link.entered_at }, now);
  if (validity !== 'valid') throw new AppError(validity === 'expired' ? 'epro.link_expired' : validity === 'revoked' ? 'epro.link_revoked' : 'epro.link_entered');
  return link;
}

/** The link's panels nobody has saved yet; none left counts as submitted. */
async function blankPanels(db: Executor, link: SurveyLinkRow): Promise<PanelInstanceRow[]> {
  const panels = (await repo.linkPanels(db, link.id)).filter((panel) => panel.first_saved_at === null);
  if (panels.length === 0) throw new AppError('epro.link_entered');
  return panels;
}

async function usableSubject(db: Executor, link: SurveyLinkRow) {
  const subject = await repo.findSubject(db, link.subject_id);
  if (!subject || subject.status === 'DEL') throw new AppError('epro.link_unknown');
  return subject;
}

/** GET /dcap/public/survey/:token. */
export async function openSurvey(deps: ServiceDeps, meta: RequestMeta, token: string): Promise<PublicSurvey> {
  const tokenHash = hashToken(token);
  await countCall(deps, meta.ip, tokenHash);
  const link = requireUsable(await repo.findLinkByHash(deps.db, tokenHash), deps.clock.now());
  const subject = await usableSubject(deps.db, link);
  const panels = await blankPanels(deps.db, link);
  const [project, event] = await Promise.all([repo.projectNames(deps.db, link.project_id), repo.findEventInstance(deps.db, link.event_instance_id)]);
  const shown: PublicSurvey['panels'] = [];
  let eventName = '';
  let eventNameEn: string | null = null;
  for (const panel of panels) {
    const design = await designOf(deps.db, panel);
    const instrument = design.instrument(panel.instrument_id);
    if (!instrument) throw new AppError('record.design_missing');
    const visit = design.snapshot.events.find((candidate) => candidate.id === event?.event_id);
    eventName = visit?.name ?? eventName;
    eventNameEn = visit?.nameEn ?? eventNameEn;
    shown.push({ panelInstanceId: panel.id, name: instrument.name, nameEn: instrument.nameEn, panel: instrument.panel });
  }
  return {
    language: link.language,
    projectName: project?.name ?? '',
    projectNameEn: project?.name_en ?? null,
    eventName,
    eventNameEn,
    expiresAt: link.expires_at.toISOString(),
    wechat: { bound: subjectWechatId(subject) !== null, authorizeUrl: wechatAuthorizeUrl(deps, token, link.language) },
    panels: shown,
  };
}

/**
 * POST /dcap/public/survey/:token/wechat (docs/decisions.md "Subject WeChat binding"): the page, opened in
 * WeChat and sent back by the official account's authorisation with a code, binds the subject's open id. The
 * code is exchanged with WeChat before the transaction; a refused code is the bind-failure notice with
 * WeChat's reason. A usable link is the only key, the call counts against the page's limits, and the change
 * is audited as the subject's own.
 */
export async function bindSurveyWechat(deps: ServiceDeps, wechat: WechatClient, meta: RequestMeta, token: string, code: string): Promise<SurveyWechat> {
  const tokenHash = hashToken(token);
  await countCall(deps, meta.ip, tokenHash);
  const seen = requireUsable(await repo.findLinkByHash(deps.db, tokenHash), deps.clock.now());
  const subject = await usableSubject(deps.db, seen);
  const env = await repo.findEnv(deps.db, seen.env_id);
  if (!env) throw new AppError('epro.link_unknown');
  const identity = await exchangeWechatCode(deps, wechat, 'official', code);
  const writer = { projectId: seen.project_id, username: subjectActor(subject.subject_code ?? subject.platform_no), ip: meta.ip };
  await subjectWrite(deps, writer, {}, async (trx, audit) => {
    // Checked again under the link's lock: a link revoked meanwhile binds nothing.
    const link = requireUsable(await repo.findLinkByHash(trx, tokenHash, true), deps.clock.now());
    const locked = await repo.lockSubject(trx, link.subject_id);
    if (!locked || locked.status === 'DEL') throw new AppError('epro.link_unknown');
    const before = subjectWechatId(locked);
    if (before === identity.openId) return;
    await repo.setWechatIds(trx, locked.id, withOfficialId(locked, identity.openId));
    await audit({
      action: 'epro.wechatBind',
      entityType: 'subject',
      entityId: locked.id,
      siteId: locked.site_id,
      env: env.key,
      oldValue: { official: before },
      newValue: { official: identity.openId, unionId: identity.unionId, surveyLinkId: link.id },
    });
  });
  return { bound: true, authorizeUrl: wechatAuthorizeUrl(deps, token, seen.language) };
}

/**
 * POST /dcap/public/survey/:token/submit: saves every panel of the submission in one transaction through
 * the staff save's checks (formulas recomputed, hidden fields cleared, types, ranges and options; a blank
 * required field leaves the panel INCOMPLETE as for staff), then marks the link entered. The audit rows name
 * the subject (`subject:<code>`, role `subject`, no user id).
 */
export async function submitSurvey(deps: ServiceDeps, meta: RequestMeta, token: string, body: SubmitSurveyRequest): Promise<SubmittedSurvey> {
  const tokenHash = hashToken(token);
  await countCall(deps, meta.ip, tokenHash);
  const seen = requireUsable(await repo.findLinkByHash(deps.db, tokenHash), deps.clock.now());
  const subject = await usableSubject(deps.db, seen);
  const env = await repo.findEnv(deps.db, seen.env_id);
  if (!env) throw new AppError('epro.link_unknown');
  const author = { userId: null, username: subjectActor(subject.subject_code ?? subject.platform_no), locale: meta.locale };
  const scope = { projectId: seen.project_id, env, sites: [seen.site_id] };
  return subjectWrite(deps, { projectId: seen.project_id, username: author.username, ip: meta.ip }, { state: 'recordEditable' }, async (trx, audit) => {
    const now = deps.clock.now();
    // Locked and checked again: a second submission waits here and is then refused as entered.
    const link = requireUsable(await repo.findLinkByHash(trx, tokenHash, true), now);
    const allowed = new Map((await repo.linkPanels(trx, link.id)).map((panel) => [panel.id, panel]));
    for (const item of body.panels) if (!allowed.has(item.panelInstanceId)) throw new AppError('epro.panel_not_in_link');
    const saved: { panelInstanceId: number; status: PanelStatus }[] = [];
    for (const item of body.panels) {
      const panel = await repo.lockPanel(trx, item.panelInstanceId);
      if (!panel) throw new AppError('epro.panel_not_in_link');
      const design = await designOf(deps.db, panel, trx);
      if (panel.first_saved_at !== null) throw new AppError('epro.panel_entered', { name: design.instrument(panel.instrument_id)?.name ?? '' });
      const result = await applyValues(deps, trx, audit, author, scope, panel, design, item.values, {
        compareWithEngine: true,
        reasons: {},
        action: 'record.save',
        extraAudit: { via: 'survey', surveyLinkId: link.id },
        now,
      });
      saved.push({ panelInstanceId: panel.id, status: result.panel.status as PanelStatus });
    }
    const entered = await repo.setEntered(trx, link.id, now);
    await audit({
      action: 'epro.linkEntered',
      entityType: 'surveyLink',
      entityId: link.id,
      siteId: link.site_id,
      env: env.key,
      oldValue: { enteredAt: null },
      newValue: { enteredAt: now.toISOString(), panelInstanceIds: saved.map((item) => item.panelInstanceId) },
    });
    return { enteredAt: entered.entered_at?.toISOString() ?? now.toISOString(), panels: saved };
  });
}
