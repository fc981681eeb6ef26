import { createHash, randomBytes } from 'node:crypto';
import type { CreatedSurveyLink, CreateSurveyLinkRequest, Locale, SendSurveyLinkRequest, SurveyLinks, SurveySent } from '@dcap/core';
import { AppError, maskOpenId, SURVEY_EXPIRY_DEFAULT_DAYS, SURVEY_TOKEN_BYTES, surveyAllowed, surveyPath, surveyText, surveyValidity } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow, SubjectRow, SurveyLinkRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import { queueMessages } from '../messages/outbox.js';
import { designOf } from '../records/design.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, inDataScope, panelInstanceInScope, subjectInScope } from '../subjects/scope.js';
import { presentLinks, subjectWechatId } from './presenter.js';
import * as repo from './repo.js';

/**
 * Questionnaire links on the staff side (spec 002 §2 panel header buttons; docs/decisions.md "Subject
 * questionnaires"): made by whoever may enter the subject's data at its site, listed with their states,
 * revoked, and sent by e-mail or WeChat through the outbox.
 */

const DAY = 86_400_000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The panels a new link binds: the one named, or every blank survey panel of its visit. */
async function linkPanels(deps: ServiceDeps, trx: Transaction<Database>, panel: PanelInstanceRow, scope: 'panel' | 'event'): Promise<PanelInstanceRow[]> {
  const candidates = scope === 'panel' ? [panel] : await repo.panelsOfEvent(trx, panel.event_instance_id);
  const chosen: PanelInstanceRow[] = [];
  for (const candidate of candidates) {
    const instrument = (await designOf(deps.db, candidate, trx)).instrument(candidate.instrument_id);
    const allowed = instrument !== undefined && surveyAllowed(instrument.kind, instrument.panel);
    if (scope === 'panel') {
      if (!allowed) throw new AppError('epro.panel_not_survey');
      if (candidate.first_saved_at !== null) throw new AppError('epro.panel_entered', { name: instrument.name });
    }
    if (allowed && candidate.first_saved_at === null) chosen.push(candidate);
  }
  if (chosen.length === 0) throw new AppError('epro.no_survey_panels');
  return chosen;
}

interface NewLink {
  panel: PanelInstanceRow;
  scope: 'panel' | 'event';
  language: Locale;
  expiresInDays: number | undefined;
}

/** Makes a link inside a staff write and audits it; the token is returned here and never stored. */
export async function makeLink(deps: ServiceDeps, caller: ProjectCaller, dataScopeOf: DataScope, trx: Transaction<Database>, audit: ProjectAuditor, input: NewLink): Promise<{ link: SurveyLinkRow; token: string }> {
  const panels = await linkPanels(deps, trx, input.panel, input.scope);
  const token = randomBytes(SURVEY_TOKEN_BYTES).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + (input.expiresInDays ?? SURVEY_EXPIRY_DEFAULT_DAYS) * DAY);
  const link = await repo.insertLink(
    trx,
    {
      project_id: input.panel.project_id,
      env_id: input.panel.env_id,
      site_id: input.panel.site_id,
      subject_id: input.panel.subject_id,
      event_instance_id: input.panel.event_instance_id,
      scope: input.scope,
      token_hash: hashToken(token),
      language: input.language,
      expires_at: expiresAt,
      created_by: caller.actor.userId,
      created_at: now,
    },
    panels.map((panel) => panel.id),
  );
  await audit({
    action: 'epro.linkCreate',
    entityType: 'surveyLink',
    entityId: link.id,
    siteId: link.site_id,
    env: dataScopeOf.env.key,
    newValue: {
      subjectId: link.subject_id,
      eventInstanceId: link.event_instance_id,
      scope: link.scope,
      panelInstanceIds: panels.map((panel) => panel.id),
      language: link.language,
      expiresAt: expiresAt.toISOString(),
    },
  });
  return { link, token };
}

async function linkAnswer(deps: ServiceDeps, subject: SubjectRow, link: SurveyLinkRow, token: string): Promise<CreatedSurveyLink> {
  const [presented] = await presentLinks(deps, [{ ...link, creator: null }], deps.clock.now());
  if (!presented) throw new AppError('epro.link_not_found');
  return { link: presented, token, path: surveyPath(token, link.language), subjectEmail: subject.email, wechatBound: subjectWechatId(subject) !== null };
}

/** POST /dcap/epro/link/create. */
export async function createLink(deps: ServiceDeps, caller: ProjectCaller, body: CreateSurveyLinkRequest): Promise<CreatedSurveyLink> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  const subject = await subjectInScope(deps.db, scope, panel.subject_id);
  const made = await projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, (trx, audit) =>
    makeLink(deps, caller, scope, trx, audit, { panel, scope: body.scope, language: body.language, expiresInDays: body.expiresInDays }),
  );
  const answer = await linkAnswer(deps, subject, made.link, made.token);
  return { ...answer, link: { ...answer.link, createdBy: caller.actor.username } };
}

/** GET /dcap/epro/link/list: a subject's links with their states. */
export async function listLinks(deps: ServiceDeps, caller: ProjectCaller, subjectId: number): Promise<SurveyLinks> {
  const scope = await dataScope(deps.db, caller);
  const subject = await subjectInScope(deps.db, scope, subjectId);
  const rows = await repo.linksOfSubject(deps.db, subject.id);
  const wechatId = subjectWechatId(subject);
  return { links: await presentLinks(deps, rows, deps.clock.now()), subjectEmail: subject.email, wechatBound: wechatId !== null, wechatId: wechatId === null ? null : maskOpenId(wechatId) };
}

/** A link of the caller's scope, locked; another site's answers as missing (COMPLIANCE WF-3). */
async function lockLinkInScope(trx: Transaction<Database>, scope: DataScope, linkId: number): Promise<SurveyLinkRow> {
  const link = await repo.findLink(trx, linkId, true);
  if (!link || !inDataScope(scope, link)) throw new AppError('epro.link_not_found');
  return link;
}

/** POST /dcap/epro/link/revoke: a valid link stops working at once. */
export async function revokeLink(deps: ServiceDeps, caller: ProjectCaller, linkId: number): Promise<SurveyLinks> {
  const scope = await dataScope(deps.db, caller);
  const subjectId = await projectWrite(deps, caller, { right: 'record.enter' }, async (trx, audit) => {
    const link = await lockLinkInScope(trx, scope, linkId);
    const now = deps.clock.now();
    if (surveyValidity({ expiresAt: link.expires_at, revokedAt: link.revoked_at, enteredAt: link.entered_at }, now) !== 'valid') throw new AppError('epro.link_closed');
    await repo.setRevoked(trx, link.id, caller.actor.userId, now);
    await audit({ action: 'epro.linkRevoke', entityType: 'surveyLink', entityId: link.id, siteId: link.site_id, env: scope.env.key, oldValue: { revokedAt: null }, newValue: { revokedAt: now.toISOString() } });
    return link.subject_id;
  });
  return listLinks(deps, caller, subjectId);
}

/** The invitation of a link in its language, with its full address. */
async function invitation(deps: ServiceDeps, trx: Transaction<Database>, link: SurveyLinkRow, token: string) {
  const [project, event] = await Promise.all([repo.projectNames(trx, link.project_id), repo.findEventInstance(trx, link.event_instance_id)]);
  const panels = await repo.linkPanels(trx, link.id);
  const first = panels[0];
  const design = first ? await designOf(deps.db, first, trx) : undefined;
  const visit = design?.snapshot.events.find((candidate) => candidate.id === event?.event_id);
  const english = link.language === 'en-US';
  const params = {
    project: (english ? project?.name_en : null) ?? project?.name ?? '',
    visit: (english ? visit?.nameEn : null) ?? visit?.name ?? '',
    expires: link.expires_at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    url: `${deps.config.publicUrl}${surveyPath(token, link.language)}`,
  };
  return { subject: surveyText('invitation.subject', link.language, params), body: surveyText('invitation.body', link.language, params), url: params.url };
}

/**
 * Queues a link's invitation to the subject by e-mail or WeChat and records which message sent it; the
 * caller proves the token (it is not stored), the audit row names the channel and address.
 */
export async function queueInvitation(deps: ServiceDeps, caller: ProjectCaller, trx: Transaction<Database>, audit: ProjectAuditor, env: string, link: SurveyLinkRow, token: string, to: { channel: 'email' | 'wechat'; email?: string | undefined }): Promise<number[]> {
  const subject = await repo.findSubject(trx, link.subject_id);
  if (!subject) throw new AppError('epro.link_not_found');
  const address = to.channel === 'email' ? (to.email ?? subject.email) : subjectWechatId(subject);
  if (!address) throw new AppError(to.channel === 'email' ? 'epro.no_email' : 'epro.no_wechat');
  const text = await invitation(deps, trx, link, token);
  const ids = await queueMessages(trx, [
    {
      channel: to.channel,
      kind: to.channel === 'email' ? 'survey.invitation' : 'panel.push',
      projectId: link.project_id,
      env,
      recipientSubjectId: subject.id,
      address,
      language: link.language,
      subject: text.subject,
      body: text.body,
      payload: { surveyLinkId: link.id, url: text.url },
      createdBy: caller.actor.userId,
    },
  ]);
  await repo.insertLinkMessages(trx, link.id, ids);
  await audit({ action: 'epro.linkSend', entityType: 'surveyLink', entityId: link.id, siteId: link.site_id, env, newValue: { channel: to.channel, address, messageIds: ids } });
  return ids;
}

/** POST /dcap/epro/link/send. */
export async function sendLink(deps: ServiceDeps, caller: ProjectCaller, body: SendSurveyLinkRequest): Promise<SurveySent> {
  const scope = await dataScope(deps.db, caller);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const link = await lockLinkInScope(trx, scope, body.linkId);
    if (link.token_hash !== hashToken(body.token)) throw new AppError('epro.link_token_mismatch');
    if (surveyValidity({ expiresAt: link.expires_at, revokedAt: link.revoked_at, enteredAt: link.entered_at }, deps.clock.now()) !== 'valid') throw new AppError('epro.link_closed');
    return { messageIds: await queueInvitation(deps, caller, trx, audit, scope.env.key, link, body.token, { channel: body.channel, email: body.email }) };
  });
}
