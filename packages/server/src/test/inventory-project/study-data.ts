import type { Panel } from '@dcap/core';
import { indexForm } from '@dcap/core';
import type { Fixture } from '../inventory.fixture.js';

/**
 * Site A's study data in the inventory project, read from the database: a subject there, one of its visits
 * and panels, and an unscheduled event of the design its environment runs (0 when there is none).
 */
export async function siteAStudyData(f: Fixture): Promise<{ subjectId: number; eventInstanceId: number; eventId: number; panelInstanceId: number; unscheduledEventId: number }> {
  const db = f.study.t.database.db;
  const panel = await db
    .selectFrom('panel_instances as p')
    .innerJoin('event_instances as e', 'e.id', 'p.event_instance_id')
    .select(['p.id', 'p.subject_id', 'p.event_instance_id', 'e.event_id', 'e.env_id'])
    .where('p.project_id', '=', f.projectId)
    .where('p.site_id', '=', f.siteA)
    .orderBy('p.id')
    .executeTakeFirst();
  if (!panel) return { subjectId: 999999, eventInstanceId: 999999, eventId: 999999, panelInstanceId: 999999, unscheduledEventId: 999999 };
  const design = await db
    .selectFrom('env_designs as d')
    .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
    .select('v.snapshot')
    .where('d.env_id', '=', panel.env_id)
    .executeTakeFirst();
  const events = ((design?.snapshot ?? { events: [] }) as { events: { id: number; type: string }[] }).events;
  return {
    subjectId: panel.subject_id,
    eventInstanceId: panel.event_instance_id,
    eventId: panel.event_id,
    panelInstanceId: panel.id,
    unscheduledEventId: events.find((event) => event.type === 'UNSCHEDULED')?.id ?? 999999,
  };
}

/** A field of site A's panel (the first value-holding field of its instrument), or a path of a missing panel. */
export async function siteAField(f: Fixture): Promise<{ panelInstanceId: number; path: string }> {
  const { panelInstanceId } = await siteAStudyData(f);
  const db = f.study.t.database.db;
  const panel = await db
    .selectFrom('panel_instances as p')
    .innerJoin('design_versions as v', 'v.id', 'p.design_version_id')
    .select(['p.instrument_id', 'v.snapshot'])
    .where('p.id', '=', panelInstanceId)
    .executeTakeFirst();
  const instruments = ((panel?.snapshot ?? { instruments: [] }) as { instruments: { id: number; panel: Panel }[] }).instruments;
  const definition = instruments.find((instrument) => instrument.id === panel?.instrument_id)?.panel;
  const model = definition ? [...indexForm(definition).fields.keys()][0] : undefined;
  return { panelInstanceId, path: model ?? 'MISSING' };
}

export async function siteAFieldQuery(f: Fixture): Promise<string> {
  const field = await siteAField(f);
  return `panelInstanceId=${String(field.panelInstanceId)}&path=${encodeURIComponent(field.path)}`;
}
