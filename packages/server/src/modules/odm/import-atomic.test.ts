import type { OdmImportReport } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { ok, project, refused } from '../roles/study.fixture.js';
import { getFile, importFile, openOdmStudy } from './odm.fixture.js';

/**
 * Applying an ODM design is all or none (docs/decisions.md, "CDISC ODM"): the panels, the visits and the
 * matrix are written by three services in one transaction, so a refusal of a later part leaves no trace of
 * the earlier ones — no panel, no visit, no audit row.
 */
let rs: RecordsStudy;
const db = () => rs.study.t.database.db;

beforeAll(async () => {
  rs = await openOdmStudy('ODMA');
}, 180_000);
afterAll(() => rs.study.t.close());

/** A new project, entered by the project administrator in its development environment. */
async function draftProject(code: string): Promise<number> {
  const admin = rs.people.projectAdmin;
  const other = await project(rs.study, admin, code);
  ok(await rs.study.t.call('GET', `/dcap/project/store/${String(other.id)}`, { token: admin.token }));
  ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
  return other.id;
}

const designXml = async () => (await getFile(rs, rs.people.projectAdmin, `/dcap/project/design/odm?projectId=${String(rs.projectId)}&env=uat`)).text;

async function draftCounts(projectId: number) {
  const count = async (table: 'instruments' | 'events' | 'event_instruments' | 'audit_log') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow()).n);
  return { instruments: await count('instruments'), events: await count('events'), cells: await count('event_instruments'), audit: await count('audit_log') };
}

describe('applying an ODM design, all or none', () => {
  it('writes nothing when the matrix, the last part, is refused after the panels and visits were written', async () => {
    const admin = rs.people.projectAdmin;
    const projectId = await draftProject('ODMALL');
    const xml = await designXml();
    const dry = ok(await importFile(rs, admin, projectId, xml, true)) as OdmImportReport;
    expect(dry.notes.filter((note) => note.blocking)).toEqual([]);
    expect(dry.events.some((event) => event.forms.length > 0)).toBe(true);

    // The database itself refuses the matrix cells of this project, the last write of the apply.
    await sql`CREATE FUNCTION odm_test_refuse_cells() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'matrix refused'; END $$`.execute(db());
    await sql`CREATE TRIGGER odm_test_refuse_cells BEFORE INSERT ON event_instruments FOR EACH ROW WHEN (NEW.project_id = ${sql.lit(projectId)}) EXECUTE FUNCTION odm_test_refuse_cells()`.execute(db());
    try {
      const before = await tableChecksums(rs.study.t.database);
      const failed = await importFile(rs, admin, projectId, xml, false);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.body.code).not.toBe(0);
      expect(changedTables(before, await tableChecksums(rs.study.t.database))).toEqual([]);
      expect(await draftCounts(projectId)).toEqual({ instruments: 0, events: 0, cells: 0, audit: expect.any(Number) as number });
    } finally {
      await sql`DROP TRIGGER odm_test_refuse_cells ON event_instruments`.execute(db());
      await sql`DROP FUNCTION odm_test_refuse_cells()`.execute(db());
    }

    // Without the refusal the same file applies whole, with the audit rows of all three services.
    const applied = ok(await importFile(rs, admin, projectId, xml, false)) as OdmImportReport;
    const counts = await draftCounts(projectId);
    expect(counts.instruments).toBe(applied.instruments.length);
    expect(counts.events).toBe(applied.events.length);
    expect(counts.cells).toBeGreaterThan(0);
    const actions = (await db().selectFrom('audit_log').select('action').where('project_id', '=', projectId).orderBy('id').execute()).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['instrument.upload', 'event.create', 'event.matrix.save']));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin.token }));
  });

  it('writes no panel when a visit is refused at apply time by the case-insensitive name rule', async () => {
    const admin = rs.people.projectAdmin;
    const projectId = await draftProject('ODMCASE');
    // A visit of the file renamed, and the draft given a visit of the same name in capitals: the database's
    // unique index compares names without case, the plan compared them with it.
    const source = await designXml();
    expect(source).toContain('>访视2<');
    const xml = source.replace('>访视2<', '>Visit Two<');
    ok(await rs.study.t.call('POST', '/dcap/project/event/save', { token: admin.token, body: { projectId, name: 'VISIT TWO', type: 'TREATMENT' } }));
    const start = await draftCounts(projectId);
    expect(start).toMatchObject({ instruments: 0, events: 1 });

    const before = await tableChecksums(rs.study.t.database);
    const failed = await importFile(rs, admin, projectId, xml, false, 'zh-CN');
    refused(failed, 409, 'event.name_taken');
    expect(failed.body.msg).toBe('访视名称 Visit Two 已存在');
    expect(changedTables(before, await tableChecksums(rs.study.t.database))).toEqual([]);
    expect(await draftCounts(projectId)).toEqual(start);
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin.token }));
  });
});
