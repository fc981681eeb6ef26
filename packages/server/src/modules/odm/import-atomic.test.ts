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
  /** Makes the database refuse every new row of `table` in the project, for as long as `work` runs. */
  async function refusingInserts(table: 'events' | 'event_instruments', projectId: number, work: () => Promise<void>): Promise<void> {
    await sql`CREATE FUNCTION odm_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(db());
    await sql`CREATE TRIGGER odm_test_refuse BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW WHEN (NEW.project_id = ${sql.lit(projectId)}) EXECUTE FUNCTION odm_test_refuse()`.execute(db());
    try {
      await work();
    } finally {
      await sql`DROP TRIGGER odm_test_refuse ON ${sql.table(table)}`.execute(db());
      await sql`DROP FUNCTION odm_test_refuse()`.execute(db());
    }
  }

  for (const [table, part] of [
    ['event_instruments', 'the matrix, the last part,'],
    ['events', 'a visit'],
  ] as const) {
    it(`writes nothing when ${part} is refused after the panels were written`, async () => {
      const admin = rs.people.projectAdmin;
      const projectId = await draftProject(`ODM${table === 'events' ? 'EV' : 'MX'}`);
      const xml = await designXml();
      const dry = ok(await importFile(rs, admin, projectId, xml, true)) as OdmImportReport;
      expect(dry.notes.filter((note) => note.blocking)).toEqual([]);
      expect(dry.events.some((event) => event.forms.length > 0)).toBe(true);
      const start = await draftCounts(projectId);

      await refusingInserts(table, projectId, async () => {
        const before = await tableChecksums(rs.study.t.database);
        const failed = await importFile(rs, admin, projectId, xml, false);
        expect(failed.status).toBeGreaterThanOrEqual(500);
        expect(failed.body.code).not.toBe(0);
        expect(changedTables(before, await tableChecksums(rs.study.t.database))).toEqual([]);
        expect(await draftCounts(projectId)).toEqual(start);
      });

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
  }

  it('reports a visit name the draft has in other letters as blocking, and refuses to apply it', async () => {
    const admin = rs.people.projectAdmin;
    const projectId = await draftProject('ODMCASE');
    // A visit of the file renamed, and the draft given a visit of the same name in capitals: visit names
    // are unique without regard to case.
    const source = await designXml();
    expect(source).toContain('>访视2<');
    const xml = source.replace('>访视2<', '>Visit Two<');
    ok(await rs.study.t.call('POST', '/dcap/project/event/save', { token: admin.token, body: { projectId, name: 'VISIT TWO', type: 'TREATMENT' } }));
    const dry = ok(await importFile(rs, admin, projectId, xml, true)) as OdmImportReport;
    expect(dry.notes.filter((note) => note.blocking).map((note) => `${note.code}:${note.message}`)).toEqual([expect.stringMatching(/^event_taken:.*Visit Two/) as string]);

    const before = await tableChecksums(rs.study.t.database);
    refused(await importFile(rs, admin, projectId, xml, false, 'zh-CN'), 409, 'odm.import_blocked');
    expect(changedTables(before, await tableChecksums(rs.study.t.database))).toEqual([]);
    expect(await draftCounts(projectId)).toMatchObject({ instruments: 0, events: 1 });
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin.token }));
  });
});
