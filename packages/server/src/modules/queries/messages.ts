import type { MessageEvent } from '@dcap/core';
import type { QueryRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import { sendStudyEvent, subjectCodeOf } from '../messages/study-events.js';
import { DesignNames } from './design-names.js';
import * as repo from './repo.js';

/**
 * Tells the study about a query raised, answered or closed (spec 002 §3 "Message config"), in the change's
 * transaction: the configured roles at the query's site, and for an answer or a closing the user who raised
 * it. Fields and visits are named as the design calls them, in both languages.
 */
export async function tellAboutQuery(deps: ServiceDeps, trx: Executor, event: Extract<MessageEvent, `query.${string}`>, query: QueryRow, env: string, actorId: number, text: string | null): Promise<void> {
  const place = await repo.queryPlace(trx, query.panel_instance_id);
  const names = place ? await DesignNames.load(trx, [place.design_version_id]) : null;
  const field = place && names ? names.field(place.design_version_id, place.instrument_id, query.path) : null;
  const visit = place && names ? names.event(place.design_version_id, place.event_id, place.seq) : null;
  await sendStudyEvent(deps, trx, {
    event,
    projectId: query.project_id,
    env,
    siteId: query.site_id,
    params: {
      subjectCode: await subjectCodeOf(trx, query.subject_id),
      field: field?.label ?? query.path,
      fieldEn: field?.labelEn ?? field?.label ?? query.path,
      visit: visit?.name ?? '',
      visitEn: visit?.nameEn ?? visit?.name ?? '',
      content: text ?? '',
      comment: text ?? '',
    },
    directUserIds: event === 'query.raised' ? [] : [query.raised_by],
    actorId,
    link: `/survey/subject/${String(query.subject_id)}/panel/${String(query.panel_instance_id)}`,
  });
}

/** A panel's visit and form names in both languages, for messages about it (signature due). */
export async function panelMessageNames(trx: Executor, panelInstanceId: number): Promise<Record<string, string>> {
  const place = await repo.queryPlace(trx, panelInstanceId);
  if (!place) return {};
  const names = await DesignNames.load(trx, [place.design_version_id]);
  const visit = names.event(place.design_version_id, place.event_id, place.seq);
  const panel = names.instrument(place.design_version_id, place.instrument_id);
  return { visit: visit.name, visitEn: visit.nameEn ?? visit.name, panel: panel.name, panelEn: panel.nameEn ?? panel.name };
}
