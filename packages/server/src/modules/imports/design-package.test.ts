import { createHash } from 'node:crypto';
import type { DesignImportResult, DesignPackage } from '@dcap/core';
import { packageJson } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, project, refused } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { openRecordsStudy } from '../../test/records.fixture.js';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import { upload } from '../attachments/attachments.fixture.js';

let rs: RecordsStudy;
let target: number;
let admin: Persona;

async function exported(projectId: number): Promise<DesignPackage> {
  const reply = await rs.study.t.request({ method: 'GET', url: `/dcap/project/export?projectId=${String(projectId)}`, headers: { token: admin.token } });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toContain('application/json');
  return JSON.parse(reply.payload) as DesignPackage;
}

const send = (file: unknown, replace?: string, lang?: string) =>
  upload(rs, admin, '/dcap/project/import', { projectId: target, replace }, { name: 'design.json', type: 'application/json', bytes: Buffer.from(typeof file === 'string' ? file : JSON.stringify(file)) }, lang);

beforeAll(async () => {
  rs = await openRecordsStudy('DPK');
  admin = rs.people.projectAdmin;
  // A project dictionary travels with the design.
  ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
  ok(await rs.study.t.call('POST', '/dcap/project/dict/save', { token: admin.token, body: { projectId: rs.projectId, key: 'dpk_route', value: '给药途径', valueEn: 'Route', items: [{ key: 'PO', value: '1', label: '口服', labelEn: 'Oral' }] } }));
  target = (await project(rs.study, admin, 'DPK2')).id;
  ok(await rs.study.t.call('GET', `/dcap/project/store/${String(target)}`, { token: admin.token }));
  ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
}, 240_000);
afterAll(() => rs.study.t.close());

describe('the study design package', () => {
  it('carries a design from one project to another’s empty draft and back out unchanged', async () => {
    const file = await exported(rs.projectId);
    expect(file).toMatchObject({ format: 'dcap-design', version: 1, source: { projectCode: 'DPK' } });
    expect(createHash('sha256').update(packageJson(file.design)).digest('hex')).toBe(file.checksum);
    const design = file.design as { instruments: { nameAbbr: string }[]; events: unknown[]; matrix: unknown[]; dictionaries: { key: string }[] };
    expect(design.instruments.map((instrument) => instrument.nameAbbr)).toEqual(['DM', 'VS', 'LB', 'CM', 'AE']);
    expect(design.dictionaries.map((dict) => dict.key)).toEqual(['dpk_route']);

    const result = ok(await send(file)) as DesignImportResult;
    expect(result).toEqual({ instruments: 5, events: 5, matrix: design.matrix.length, dictionaries: 1, replaced: false });
    const copy = await exported(target);
    expect(copy.design).toEqual(file.design);
    expect(copy.checksum).toBe(file.checksum);
    const audit = await rs.study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'design.import').where('project_id', '=', target).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, env: 'dev' });
    // The package leaving the platform is audited with the checksum it carries.
    const exports = await rs.study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'design.export').where('project_id', '=', rs.projectId).execute();
    expect(exports.length).toBeGreaterThan(0);
    expect(JSON.stringify(exports.at(-1)?.new_value)).toContain(file.checksum);
  });

  it('refuses a changed, unreadable or invalid package and a draft that is not empty unless asked to replace it', async () => {
    const file = await exported(rs.projectId);
    const before = await tableChecksums(rs.study.t.database);
    const tampered = structuredClone(file) as DesignPackage & { design: { events: { name: string }[] } };
    (tampered.design.events[0] as { name: string }).name = 'Changed';
    refused(await send(tampered), 400, 'design_package.checksum');
    refused(await send('{not json'), 400, 'design_package.unreadable');
    refused(await send({ ...file, version: 2 }), 400, 'design_package.version');
    const invalid = { instruments: [], events: [], matrix: [{ event: 'V1', instrument: 'DM' }], dictionaries: [] };
    const bad = { ...file, design: invalid, checksum: createHash('sha256').update(packageJson(invalid)).digest('hex') };
    const reply = await send(bad, undefined, 'en-US');
    refused(reply, 400, 'design_package.invalid');
    expect(reply.body.msg).toContain('matrix');
    refused(await send(file), 409, 'design_package.draft_not_empty');
    expect(changedTables(before, await tableChecksums(rs.study.t.database)).filter((name) => name !== 'sessions')).toEqual([]);

    const replaced = ok(await send(file, 'true')) as DesignImportResult;
    expect(replaced).toMatchObject({ instruments: 5, replaced: true });
    expect((await exported(target)).checksum).toBe(file.checksum);
  });

  it('needs the design right and a development environment', async () => {
    const file = await exported(rs.projectId);
    refused(await upload(rs, rs.people.coordinator, '/dcap/project/import', { projectId: rs.projectId, replace: 'true' }, { name: 'd.json', type: 'application/json', bytes: Buffer.from(JSON.stringify(file)) }), 403, 'permission.project_forbidden');
    const coordinatorExport = await rs.study.t.request({ method: 'GET', url: `/dcap/project/export?projectId=${String(rs.projectId)}`, headers: { token: rs.people.coordinator.token } });
    expect(coordinatorExport.statusCode).toBe(403);
    // The administrator's session is in the other project's development environment, not this one's.
    refused(await upload(rs, admin, '/dcap/project/import', { projectId: rs.projectId, replace: 'true' }, { name: 'd.json', type: 'application/json', bytes: Buffer.from(JSON.stringify(file)) }), 409, 'design.dev_env_required');
  });
});
