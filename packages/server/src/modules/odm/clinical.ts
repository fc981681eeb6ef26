import type { OdmDesignModel, OdmForm, OdmGroup, OdmItem } from '@dcap/core';
import { closeTag, emptyTag, odmOid, odmValue, openTag, parsePath, textElement } from '@dcap/core';

/** One batch of subjects with everything the ODM ClinicalData of one design version says about them. */
export interface ClinicalBatch {
  subjects: { id: number; site_id: number; platform_no: string }[];
  siteCodes: Map<number, string>;
  events: { id: number; subject_id: number; event_id: number; seq: number }[];
  panels: { id: number; subject_id: number; event_instance_id: number; instrument_id: number; seq: number; site_id: number }[];
  values: Map<number, { path: string; value: unknown }[]>;
  /** Field changes and row deletions by panel id, in order (transactional files only). */
  history: Map<number, { id: number; at: Date; actor_id: number | null; actor_username: string | null; action: string; path: string; value: unknown; reason: string | null }[]>;
  signatures: { subject_id: number; scope: string; event_instance_id: number | null; panel_instance_id: number | null; signer_id: number; meaning: string; signed_at: Date; broken_at: Date | null; site_id: number }[];
  queries: Map<number, { id: number; path: string; status: string; content: string; content_en: string | null }[]>;
}

export interface ClinicalOptions {
  mode: 'snapshot' | 'transactional';
  /** Event ids of the scope, or null for all. */
  eventIds: ReadonlySet<number> | null;
  /** Whether a subject without panels of this version is still written (the environment's current version). */
  includeEmpty: boolean;
}

const iso = (at: Date): string => at.toISOString();
const userOid = (id: number | null, username: string | null): string => (id === null ? odmOid.userNamed(username ?? 'system') : odmOid.user(id));

function signatureXml(signature: ClinicalBatch['signatures'][number] | undefined, siteCodes: Map<number, string>): string {
  if (!signature) return '';
  return (
    openTag('Signature') +
    emptyTag('UserRef', { UserOID: odmOid.user(signature.signer_id) }) +
    emptyTag('LocationRef', { LocationOID: odmOid.site(siteCodes.get(signature.site_id) ?? '') }) +
    emptyTag('SignatureRef', { SignatureOID: odmOid.signatureDef(signature.meaning) }) +
    textElement('DateTimeStamp', iso(signature.signed_at)) +
    closeTag('Signature')
  );
}

/** The signature an element carries: its latest standing one (ODM allows one; broken ones are not read). */
function signatureFor(signatures: ClinicalBatch['signatures']): ClinicalBatch['signatures'][number] | undefined {
  return signatures.at(-1);
}

function annotations(queries: readonly { id: number; status: string; content: string; content_en: string | null }[]): string {
  return queries
    .map(
      (query) =>
        openTag('Annotation', { SeqNum: query.id }) +
        textElement('Comment', query.content_en ? `${query.content} / ${query.content_en}` : query.content, { SponsorOrSite: 'Sponsor' }) +
        openTag('Flag') +
        textElement('FlagValue', query.status, { CodeListOID: odmOid.queryStatusList }) +
        textElement('FlagType', 'QUERY_STATUS', { CodeListOID: odmOid.queryFlagTypeList }) +
        closeTag('Flag') +
        closeTag('Annotation'),
    )
    .join('');
}

/** Where a stored path lands in the form: its group, row and item; null for a path the design lacks. */
function locate(form: OdmForm, path: string): { group: OdmGroup; row: string | null; item: OdmItem } | null {
  const parsed = parsePath(path);
  if (parsed.row !== undefined && parsed.column !== undefined) {
    const group = form.tables.get(parsed.model);
    const item = group?.byKey.get(parsed.column);
    return group && item ? { group, row: parsed.row, item } : null;
  }
  const item = form.fields.byKey.get(parsed.model);
  return item ? { group: form.fields, row: null, item } : null;
}

interface GroupData {
  group: OdmGroup;
  row: string | null;
  items: string[];
  removed: string;
}

/** The ItemGroupData of one panel instance, fields first, then each table row by its row key's number. */
function formBody(form: OdmForm, panelId: number, batch: ClinicalBatch, options: ClinicalOptions, siteOid: string, counter: { items: number }): string {
  const groups = new Map<string, GroupData>();
  const slot = (group: OdmGroup, row: string | null): GroupData => {
    const key = `${group.oid}#${row ?? ''}`;
    let data = groups.get(key);
    if (!data) {
      data = { group, row, items: [], removed: '' };
      groups.set(key, data);
    }
    return data;
  };
  const queriesByPath = new Map<string, { id: number; status: string; content: string; content_en: string | null }[]>();
  for (const query of batch.queries.get(panelId) ?? []) queriesByPath.set(query.path, [...(queriesByPath.get(query.path) ?? []), query]);
  const annotated = new Set<string>();
  const itemXml = (item: OdmItem, attrs: Record<string, string | undefined>, inner: string, path: string): string => {
    let body = inner;
    if (!annotated.has(path)) {
      body += annotations(queriesByPath.get(path) ?? []);
      annotated.add(path);
    }
    return body === '' ? emptyTag('ItemData', { ItemOID: item.oid, ...attrs }) : `${openTag('ItemData', { ItemOID: item.oid, ...attrs })}${body}${closeTag('ItemData')}`;
  };

  if (options.mode === 'snapshot') {
    for (const { path, value } of batch.values.get(panelId) ?? []) {
      const at = locate(form, path);
      if (!at) continue;
      const text = odmValue(at.item.dataType, value);
      const hasQueries = (queriesByPath.get(path) ?? []).length > 0;
      if (text === null && !hasQueries) continue;
      slot(at.group, at.row).items.push(itemXml(at.item, text === null ? { IsNull: 'Yes' } : { Value: text }, '', path));
      counter.items += 1;
    }
  } else {
    const seen = new Set<string>();
    for (const change of batch.history.get(panelId) ?? []) {
      const audit =
        openTag('AuditRecord') +
        emptyTag('UserRef', { UserOID: userOid(change.actor_id, change.actor_username) }) +
        emptyTag('LocationRef', { LocationOID: siteOid }) +
        textElement('DateTimeStamp', iso(change.at)) +
        (change.reason ? textElement('ReasonForChange', change.reason) : '') +
        textElement('SourceID', `audit:${String(change.id)}`) +
        closeTag('AuditRecord');
      if (change.action === 'record.rowDelete') {
        const table = form.tables.get(parsePath(`${change.path}.x`).model);
        const row = parsePath(`${change.path}.x`).row ?? null;
        if (table && row) slot(table, row).removed = openTag('ItemGroupData', { ItemGroupOID: table.oid, ItemGroupRepeatKey: row.slice(1), TransactionType: 'Remove' }) + audit + closeTag('ItemGroupData');
        continue;
      }
      const at = locate(form, change.path);
      if (!at) continue;
      const text = odmValue(at.item.dataType, change.value);
      const type = seen.has(change.path) ? 'Update' : 'Insert';
      seen.add(change.path);
      slot(at.group, at.row).items.push(itemXml(at.item, text === null ? { TransactionType: type, IsNull: 'Yes' } : { TransactionType: type, Value: text }, audit, change.path));
      counter.items += 1;
    }
    // A stored value no recorded change explains (data from before the trail covered it) is still written.
    for (const { path, value } of batch.values.get(panelId) ?? []) {
      if (seen.has(path)) continue;
      const at = locate(form, path);
      const text = at ? odmValue(at.item.dataType, value) : null;
      if (!at || text === null) continue;
      slot(at.group, at.row).items.push(itemXml(at.item, { TransactionType: 'Upsert', Value: text }, '', path));
      counter.items += 1;
    }
  }
  // Queries on fields without a value are still written, on an empty ItemData.
  for (const [path, queries] of queriesByPath) {
    if (annotated.has(path) || queries.length === 0) continue;
    const at = locate(form, path);
    if (!at) continue;
    slot(at.group, at.row).items.push(itemXml(at.item, options.mode === 'transactional' ? { TransactionType: 'Context', IsNull: 'Yes' } : { IsNull: 'Yes' }, '', path));
  }

  const rowNumber = (row: string | null): number => (row === null ? 0 : Number(row.slice(1)));
  const ordered = [...groups.values()].sort((a, b) => (a.group === b.group ? rowNumber(a.row) - rowNumber(b.row) : a.group.table === null ? -1 : b.group.table === null ? 1 : 0));
  const transaction = options.mode === 'transactional' ? { TransactionType: 'Upsert' } : {};
  return ordered
    .map((data) => {
      const attrs = { ItemGroupOID: data.group.oid, ...(data.row !== null ? { ItemGroupRepeatKey: data.row.slice(1) } : {}), ...transaction };
      const body = data.items.length > 0 ? `${openTag('ItemGroupData', attrs)}${data.items.join('')}${closeTag('ItemGroupData')}` : '';
      return body + data.removed;
    })
    .join('');
}

/** The SubjectData of each subject of the batch, in id order (docs/decisions.md, "CDISC ODM"). */
export function subjectsXml(model: OdmDesignModel, batch: ClinicalBatch, options: ClinicalOptions, counter: { subjects: Set<number>; items: number }): string {
  const transaction = options.mode === 'transactional' ? { TransactionType: 'Upsert' } : {};
  let out = '';
  for (const subject of batch.subjects) {
    const panels = batch.panels.filter((panel) => panel.subject_id === subject.id);
    if (panels.length === 0 && !options.includeEmpty) continue;
    counter.subjects.add(subject.id);
    const siteOid = odmOid.site(batch.siteCodes.get(subject.site_id) ?? '');
    const signatures = batch.signatures.filter((signature) => signature.subject_id === subject.id);
    out += openTag('SubjectData', { SubjectKey: subject.platform_no, ...transaction });
    out += signatureXml(signatureFor(signatures.filter((signature) => signature.scope === 'subject')), batch.siteCodes);
    out += emptyTag('SiteRef', { LocationOID: siteOid });
    for (const visit of batch.events.filter((event) => event.subject_id === subject.id)) {
      const event = model.eventsById.get(visit.event_id);
      if (!event || (options.eventIds && !options.eventIds.has(visit.event_id))) continue;
      const visitPanels = panels.filter((panel) => panel.event_instance_id === visit.id);
      if (visitPanels.length === 0) continue;
      out += openTag('StudyEventData', { StudyEventOID: event.oid, ...(event.repeating || visit.seq > 1 ? { StudyEventRepeatKey: visit.seq } : {}), ...transaction });
      out += signatureXml(signatureFor(signatures.filter((signature) => signature.scope === 'event' && signature.event_instance_id === visit.id)), batch.siteCodes);
      for (const panel of visitPanels) {
        const form = model.formsByInstrument.get(panel.instrument_id);
        if (!form) continue;
        const counted = { items: 0 };
        const body = formBody(form, panel.id, batch, options, siteOid, counted);
        counter.items += counted.items;
        out += openTag('FormData', { FormOID: form.oid, ...(form.repeating || panel.seq > 1 ? { FormRepeatKey: panel.seq } : {}), ...transaction });
        out += signatureXml(signatureFor(signatures.filter((signature) => signature.scope === 'panel' && signature.panel_instance_id === panel.id)), batch.siteCodes);
        out += body + closeTag('FormData');
      }
      out += closeTag('StudyEventData');
    }
    out += closeTag('SubjectData');
  }
  return out;
}
