import type { ImportTaskDetail } from '@dcap/core';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, role } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import type { Reply } from '../../test/harness.js';
import { upload } from '../attachments/attachments.fixture.js';

/** A CSV file from rows of cells, quoted where needed, as a spreadsheet saves it (with a byte-order mark). */
export function csv(rows: (string | number)[][]): Buffer {
  const quote = (cell: string | number) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell));
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export const UPLOAD_URL = '/dcap/platformDataImport/record/uploadExcel';

export function uploadSheet(rs: RecordsStudy, who: Persona, instrumentId: number, bytes: Buffer, name = 'data.csv', lang?: string): Promise<Reply> {
  return upload(rs, who, UPLOAD_URL, { instrumentId }, { name, type: name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }, lang);
}

export async function detail(rs: RecordsStudy, who: Persona, id: number, lang?: string): Promise<ImportTaskDetail> {
  return ok(await rs.study.t.call('POST', '/dcap/platformDataImport/record/detail', { token: who.token, body: { id }, ...(lang ? { lang } : {}) })) as ImportTaskDetail;
}

/** A person in a new role of the study with the import right (and entry), limited to the given sites. */
export async function importer(rs: RecordsStudy, name: string, sites: number[] | 'all'): Promise<Persona> {
  const created = await role(rs.study, rs.people.projectAdmin, { projectId: rs.projectId, alias: `IMP-${name}`, institutionIds: sites, dataEntryRights: true, import: true });
  const who = await person(rs.study, `${name}.importer`);
  await grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: created.id, userIds: [who.id] });
  await enter(rs.study, who, rs.projectId, created.id);
  ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: who.token }));
  return who;
}
