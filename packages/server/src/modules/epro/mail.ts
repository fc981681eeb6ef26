import type { MailPanelRequest, PushPanelRequest, SurveySent } from '@dcap/core';
import { AppError, evaluateForm, hiddenModelsOf, panelMailLines, studyToday, surveyText, valuesFromFieldRows } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { queueMessages } from '../messages/outbox.js';
import { designOf } from '../records/design.js';
import { dataScope, panelInstanceInScope, subjectInScope } from '../subjects/scope.js';
import { makeLink, queueInvitation } from './links.js';
import * as repo from './repo.js';

/**
 * POST /dcap/epro/panel/mail (spec 002 §2 "send the record by mail"): a readable copy of a panel instance's
 * stored values to an address staff type, in the language they choose, queued in the outbox. Fields the form
 * rules hide, arm fields and sensitive fields are never in it (core epro `panelMailLines`).
 */
export async function mailPanel(deps: ServiceDeps, caller: ProjectCaller, body: MailPanelRequest): Promise<SurveySent> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  const subject = await subjectInScope(deps.db, scope, panel.subject_id);
  return projectWrite(deps, caller, { right: 'record.enter' }, async (trx, audit) => {
    const design = await designOf(deps.db, panel, trx);
    const instrument = design.instrument(panel.instrument_id);
    const index = design.index(panel.instrument_id);
    if (!instrument || !index) throw new AppError('record.design_missing');
    const values = valuesFromFieldRows(await repo.panelFieldValues(trx, panel.id));
    const now = deps.clock.now();
    const evaluation = evaluateForm(instrument.panel, values, { today: () => studyToday(now) }, index);
    const hidden = hiddenModelsOf(index, evaluation.hidden);
    const english = body.language === 'en-US';
    const [project, event] = await Promise.all([repo.projectNames(trx, panel.project_id), repo.findEventInstance(trx, panel.event_instance_id)]);
    const visit = design.snapshot.events.find((candidate) => candidate.id === event?.event_id);
    const params = {
      project: (english ? project?.name_en : null) ?? project?.name ?? '',
      subject: subject.subject_code ?? subject.platform_no,
      visit: (english ? visit?.nameEn : null) ?? visit?.name ?? '',
      panel: (english ? instrument.nameEn : null) ?? instrument.name,
      at: `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    };
    const lines = panelMailLines(instrument.panel, values, hidden, body.language, surveyText('blank', body.language));
    const ids = await queueMessages(trx, [
      {
        channel: 'email',
        kind: 'record.mail',
        projectId: panel.project_id,
        env: scope.env.key,
        address: body.email,
        language: body.language,
        subject: surveyText('record.subject', body.language, params),
        body: [surveyText('record.intro', body.language, params), '', ...lines].join('\n'),
        payload: { panelInstanceId: panel.id },
        createdBy: caller.actor.userId,
      },
    ]);
    await audit({ action: 'epro.recordMail', entityType: 'panel', entityId: panel.id, siteId: panel.site_id, env: scope.env.key, newValue: { address: body.email, language: body.language, fields: lines.length, messageIds: ids } });
    return { messageIds: ids };
  });
}

/**
 * POST /dcap/epro/panel/push (spec 002 §2 "push the panel via a messaging app"): a new link for the panel,
 * sent at once to the subject's bound WeChat id.
 */
export async function pushPanel(deps: ServiceDeps, caller: ProjectCaller, body: PushPanelRequest): Promise<SurveySent> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  await subjectInScope(deps.db, scope, panel.subject_id);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const made = await makeLink(deps, caller, scope, trx, audit, { panel, scope: 'panel', language: body.language, expiresInDays: body.expiresInDays });
    return { messageIds: await queueInvitation(deps, caller, trx, audit, scope.env.key, made.link, made.token, { channel: 'wechat' }) };
  });
}
