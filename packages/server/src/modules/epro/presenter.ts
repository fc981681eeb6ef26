import type { SurveyLink } from '@dcap/core';
import { surveySendState, surveyValidity } from '@dcap/core';
import type { SubjectRow, SurveyLinkRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { designOf } from '../records/design.js';
import * as repo from './repo.js';

/**
 * The subject's WeChat id questionnaires are pushed to: the official-account open id of `wechat_ids`
 * (`{"official": "…"}`, as users' bindings), else none.
 */
export function subjectWechatId(subject: Pick<SubjectRow, 'wechat_ids'>): string | null {
  const ids = subject.wechat_ids as Record<string, unknown> | null;
  const official = ids?.official;
  return typeof official === 'string' && official.trim() !== '' ? official : null;
}

/** Links as the staff list shows them: their panels and visit by name, and the three states of spec 002 §4. */
export async function presentLinks(deps: ServiceDeps, rows: readonly (SurveyLinkRow & { creator: string | null })[], now: Date): Promise<SurveyLink[]> {
  const ids = rows.map((row) => row.id);
  const [panels, messages] = await Promise.all([repo.panelsOfLinks(deps.db, ids), repo.latestMessages(deps.db, ids)]);
  const events = new Map<number, number>();
  for (const row of rows) {
    const event = await repo.findEventInstance(deps.db, row.event_instance_id);
    if (event) events.set(row.id, event.event_id);
  }
  const result: SurveyLink[] = [];
  for (const row of rows) {
    const own = panels.filter((panel) => panel.link_id === row.id);
    const named = [];
    let eventName = '';
    let eventNameEn: string | null = null;
    for (const panel of own) {
      const design = await designOf(deps.db, panel);
      const instrument = design.instrument(panel.instrument_id);
      named.push({ panelInstanceId: panel.panel_instance_id, name: instrument?.name ?? '', nameEn: instrument?.nameEn ?? null });
      const event = design.snapshot.events.find((candidate) => candidate.id === events.get(row.id));
      if (event) {
        eventName = event.name;
        eventNameEn = event.nameEn;
      }
    }
    const message = messages.find((candidate) => candidate.link_id === row.id);
    result.push({
      id: row.id,
      subjectId: row.subject_id,
      scope: row.scope,
      eventInstanceId: row.event_instance_id,
      eventName,
      eventNameEn,
      panels: named,
      language: row.language,
      createdBy: row.creator,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      revokedAt: row.revoked_at?.toISOString() ?? null,
      enteredAt: row.entered_at?.toISOString() ?? null,
      sendState: surveySendState(message?.status ?? null),
      sentVia: message?.channel ?? null,
      validity: surveyValidity({ expiresAt: row.expires_at, revokedAt: row.revoked_at, enteredAt: row.entered_at }, now),
    });
  }
  return result;
}
