import type { EventReminders, EventType, InstrumentKind, Panel } from '@dcap/core';
import { AppError } from '@dcap/core';
import type { DesignVersionRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/**
 * What a design version holds: every instrument with its panel, every event and the matrix, exactly as the
 * draft was when it was published. Rows keep their draft ids so a version can be matched to the draft;
 * names identify them across versions (an instrument by abbreviation, an event by name).
 */
export interface SnapshotInstrument {
  id: number;
  kind: InstrumentKind;
  name: string;
  nameEn: string | null;
  nameAbbr: string;
  description: string | null;
  sort: number;
  revision: number;
  panel: Panel;
}

export interface SnapshotEvent {
  id: number;
  name: string;
  nameEn: string | null;
  type: EventType;
  sort: number;
  offsetDays: number | null;
  windowBefore: number;
  windowAfter: number;
  repeatable: boolean;
  /**
   * Notify and push settings (migration 0027). Left out when the event has none, so versions published
   * before reminders existed equal a draft without any.
   */
  reminders?: EventReminders;
}

export interface DesignSnapshot {
  instruments: SnapshotInstrument[];
  events: SnapshotEvent[];
  matrix: { eventId: number; instrumentId: number }[];
}

/** The development draft of a project as a snapshot. */
export async function loadDraft(db: Executor, projectId: number): Promise<DesignSnapshot> {
  const { instruments, events, matrix } = await repo.draftRows(db, projectId);
  return {
    instruments: instruments.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      nameEn: row.name_en,
      nameAbbr: row.name_abbr,
      description: row.description,
      sort: row.sort,
      revision: row.revision,
      panel: row.panel as Panel,
    })),
    events: events.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      type: row.type,
      sort: row.sort,
      offsetDays: row.offset_days,
      windowBefore: row.window_before,
      windowAfter: row.window_after,
      repeatable: row.repeatable,
      ...(row.reminders === null ? {} : { reminders: row.reminders as EventReminders }),
    })),
    matrix: matrix.map((cell) => ({ eventId: cell.event_id, instrumentId: cell.instrument_id })),
  };
}

/** The snapshot column of a version; it was written from `loadDraft`. */
export function snapshotOf(row: Pick<DesignVersionRow, 'snapshot'>): DesignSnapshot {
  return row.snapshot as DesignSnapshot;
}

/**
 * The versions other modules read (the instrument preview), and taking an environment's design away (a reset
 * by part): through this module, not its repository. Versions themselves are never removed.
 */
export { clearEnvVersion, findVersion, findVersionById, latestVersion, listVersions, versionOfEnv } from './repo.js';

/** Equality of JSON values regardless of key order (jsonb does not keep the order keys were written in). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const left = Object.entries(a as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return left.length === rightKeys.length && left.every(([key, value]) => key in right && sameJson(value, right[key]));
}

/** What a design write records: who, when, and the publisher's note. */
export interface Publication {
  by: string | null;
  at: Date;
  note: string | null;
}

/**
 * Makes the project's environment `target` run a design: the given version, or for a snapshot with none
 * the latest version when it equals the snapshot, else a new version made from it. Versions are never
 * changed afterwards, so data entered with one keeps its design; running the same design twice changes
 * nothing more. Publishing (spec 001 §7) and environment sync (spec 000 §7.4) both run designs this way.
 */
export async function runDesign(
  trx: Executor,
  projectId: number,
  target: string,
  incoming: { snapshot: DesignSnapshot; version: DesignVersionRow | null },
  publication: Publication,
): Promise<{ version: DesignVersionRow; previous: DesignVersionRow | undefined }> {
  const env = await repo.findEnvByKey(trx, projectId, target);
  if (!env) throw new AppError('design.target_env_missing', { target });
  const previous = await repo.versionOfEnv(trx, projectId, target);
  let version = incoming.version;
  if (!version) {
    const latest = await repo.latestVersion(trx, projectId);
    version =
      latest && sameJson(snapshotOf(latest), incoming.snapshot)
        ? latest
        : await repo.insertVersion(trx, {
            project_id: projectId,
            version: (latest?.version ?? 0) + 1,
            snapshot: JSON.stringify(incoming.snapshot),
            note: publication.note,
            published_at: publication.at,
            published_by: publication.by,
          });
  }
  await repo.setEnvVersion(trx, { env_id: env.id, project_id: projectId, design_version_id: version.id, published_at: publication.at, published_by: publication.by });
  return { version, previous };
}
