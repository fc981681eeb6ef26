import type { FormIndex, PanelFieldInfo } from '@dcap/core';
import { indexForm, panelFieldInfo } from '@dcap/core';
import type { Executor } from '../audit/repo.js';
import type { DesignSnapshot, SnapshotInstrument } from '../publishing/snapshot.js';
import { snapshotOf } from '../publishing/snapshot.js';
import * as repo from './repo.js';

export interface Names {
  name: string;
  nameEn: string | null;
}

/**
 * Names of visits, panels and fields as the design version a panel was entered with calls them, read once
 * per request for every version the rows name (query and audit lists show names, not ids).
 */
export class DesignNames {
  private readonly indexes = new Map<string, FormIndex>();

  private constructor(private readonly versions: Map<number, DesignSnapshot>) {}

  static async load(db: Executor, versionIds: Iterable<number>): Promise<DesignNames> {
    const rows = await repo.designVersions(db, [...new Set(versionIds)]);
    return new DesignNames(new Map(rows.map((row) => [row.id, snapshotOf(row)])));
  }

  event(versionId: number, eventId: number, seq = 1): Names {
    const event = this.versions.get(versionId)?.events.find((candidate) => candidate.id === eventId);
    if (!event) return { name: `#${String(eventId)}`, nameEn: null };
    const suffix = seq > 1 ? ` (${String(seq)})` : '';
    return { name: `${event.name}${suffix}`, nameEn: event.nameEn === null ? null : `${event.nameEn}${suffix}` };
  }

  instrumentOf(versionId: number, instrumentId: number): SnapshotInstrument | undefined {
    return this.versions.get(versionId)?.instruments.find((candidate) => candidate.id === instrumentId);
  }

  instrument(versionId: number, instrumentId: number): Names {
    const instrument = this.instrumentOf(versionId, instrumentId);
    return instrument ? { name: instrument.name, nameEn: instrument.nameEn } : { name: `#${String(instrumentId)}`, nameEn: null };
  }

  formIndex(versionId: number, instrumentId: number): FormIndex | null {
    const key = `${String(versionId)}:${String(instrumentId)}`;
    const cached = this.indexes.get(key);
    if (cached) return cached;
    const instrument = this.instrumentOf(versionId, instrumentId);
    if (!instrument) return null;
    const index = indexForm(instrument.panel);
    this.indexes.set(key, index);
    return index;
  }

  field(versionId: number, instrumentId: number, path: string): PanelFieldInfo | null {
    const instrument = this.instrumentOf(versionId, instrumentId);
    const index = this.formIndex(versionId, instrumentId);
    return instrument && index ? panelFieldInfo(instrument.panel, path, index) : null;
  }
}
