import { readFileSync } from 'node:fs';
import type { Area, AreaImportReport, AreaList, AreaStandardResult, Unit } from '@dcap/core';
import { areaFromSheetRow, importAreaSchema } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import type { Reply } from '../../test/harness.js';
import { multipartForm } from '../attachments/attachments.fixture.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, project, refused, site, unit } from '../roles/study.fixture.js';
import { siteAreaLocations } from './locations-repo.js';
import { readAreaSheet } from './sheet.js';
import { STANDARD_AREAS } from './standard-cn.js';

/**
 * The area dictionary (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"): the tree and its rules through
 * the API, who may change it, the sheet import (all or none, problems per row in the caller's language), the
 * standard list, the area of a unit, and where each site of a project is drawn.
 */
let study: Study;
let clerk: Persona;

beforeAll(async () => {
  study = await openStudy();
  clerk = await person(study, 'area.clerk');
});
afterAll(() => study.t.close());

const save = (body: Record<string, unknown>, who: Persona = study.admin, lang?: string) => study.t.call('POST', '/dcap/sys/area/save', { token: who.token, body, ...(lang ? { lang } : {}) });
const areas = async () => (ok(await study.t.call('GET', '/dcap/sys/area/list', { token: clerk.token })) as AreaList).areas;
const byCode = async (code: string) => (await areas()).find((area) => area.code === code) as Area;
const areaAudit = () => study.t.database.db.selectFrom('audit_log').select(['action', 'entity_id', 'old_value', 'new_value']).where('entity_type', '=', 'area').orderBy('id').execute();

async function upload(file: Buffer, dryRun: boolean | undefined, lang?: string, who: Persona = study.admin): Promise<Reply> {
  const form = multipartForm({ dryRun: dryRun === undefined ? undefined : String(dryRun) }, { name: 'areas.csv', bytes: file, type: 'text/csv' });
  const headers: Record<string, string> = { token: who.token, 'content-type': form.contentType };
  if (lang) headers['accept-language'] = lang;
  const response = await study.t.request({ method: 'POST', url: '/dcap/sys/area/import', headers, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
const csv = (lines: string[]) => Buffer.from(['code,parent code,name zh,name en,longitude,latitude,sort', ...lines].join('\r\n'), 'utf8');

describe('the area tree', () => {
  it('creates a country, a province and a city with their levels, lists them in tree order, and audits each', async () => {
    const country = ok(await save({ code: 'XA', name: '甲国', nameEn: 'Country A', sort: 2 })) as Area;
    expect(country).toMatchObject({ level: 1, parentId: null, enabled: true, longitude: null, unitCount: 0 });
    const province = ok(await save({ code: 'XA-01', parentId: country.id, name: '一省', nameEn: 'Province One', longitude: 120.5, latitude: 30.25 })) as Area;
    expect(province.level).toBe(2);
    const city = ok(await save({ code: 'XA-0101', parentId: province.id, name: '一市', nameEn: 'City One' })) as Area;
    expect(city.level).toBe(3);
    ok(await save({ code: 'XB', name: '乙国', nameEn: 'Country B', sort: 1 }));
    expect((await areas()).map((area) => area.code)).toEqual(['XB', 'XA', 'XA-01', 'XA-0101']);
    const audit = await areaAudit();
    expect(audit.map((row) => row.action)).toEqual(['area.create', 'area.create', 'area.create', 'area.create']);
    expect(audit[1]?.new_value).toMatchObject({ code: 'XA-01', parentCode: 'XA', name: '一省', nameEn: 'Province One', level: 2, longitude: 120.5, latitude: 30.25 });
  });

  it('moves a subtree under another parent, its levels following, with an audit row for each area that changed', async () => {
    const [xb, xa01, city] = [await byCode('XB'), await byCode('XA-01'), await byCode('XA-0101')];
    const auditBefore = (await areaAudit()).length;
    const moved = ok(await save({ id: xa01.id, parentId: xb.id })) as Area;
    expect(moved).toMatchObject({ parentId: xb.id, level: 2, name: '一省', longitude: 120.5 });
    expect((await byCode('XA-0101')).level).toBe(3);
    // Promoted to a root, the city's level follows too.
    ok(await save({ id: xa01.id, parentId: null }));
    expect((await byCode('XA-01')).level).toBe(1);
    expect((await byCode('XA-0101')).level).toBe(2);
    const audit = (await areaAudit()).slice(auditBefore);
    expect(audit.map((row) => [row.action, row.entity_id])).toEqual([
      ['area.update', String(xa01.id)],
      ['area.update', String(xa01.id)],
      ['area.update', String(city.id)],
    ]);
    expect(audit[1]).toMatchObject({ old_value: { parentCode: 'XB', level: 2 }, new_value: { parentCode: null, level: 1 } });
    expect(audit[2]).toMatchObject({ old_value: { level: 3 }, new_value: { level: 2 } });
    ok(await save({ id: xa01.id, parentId: (await byCode('XA')).id }));
  });

  it('refuses a loop, a fifth level, a taken code, half a point and an unknown parent, in either language, changing nothing', async () => {
    const [xa, xa01, city] = [await byCode('XA'), await byCode('XA-01'), await byCode('XA-0101')];
    const district = ok(await save({ code: 'XA-010101', parentId: city.id, name: '一区', nameEn: 'District One' })) as Area;
    expect(district.level).toBe(4);
    const before = await tableChecksums(study.t.database);
    refused(await save({ id: xa.id, parentId: district.id }), 422, 'area.parent_is_descendant');
    refused(await save({ id: xa01.id, parentId: xa01.id }), 422, 'area.parent_is_self');
    refused(await save({ code: 'XA-01010101', parentId: district.id, name: '五级', nameEn: 'Level five' }), 422, 'area.too_deep');
    refused(await save({ id: (await byCode('XB')).id, parentId: district.id }), 422, 'area.too_deep');
    const taken = await save({ code: 'xa-01', name: '重复', nameEn: 'Again' }, study.admin, 'en-US');
    refused(taken, 409, 'area.code_taken');
    expect(taken.body.msg).toBe('The area code xa-01 already exists');
    refused(await save({ id: xa01.id, longitude: null }), 422, 'area.point_half');
    refused(await save({ code: 'XC', parentId: 999_999, name: '丙', nameEn: 'C' }), 404, 'area.parent_missing');
    const half = await save({ code: 'XD', name: '丁', nameEn: 'D', longitude: 10 }, study.admin, 'zh-CN');
    refused(half, 400, 'request.invalid');
    expect(half.body.msg).toContain('经度和纬度须同时填写或同时留空');
    refused(await save({ code: 'X\u0000', name: '戊', nameEn: 'E' }), 400, 'request.invalid');
    refused(await save({ code: 'X E', name: '戊', nameEn: 'E' }), 400, 'request.invalid');
    expect(changedTables(before, await tableChecksums(study.t.database))).toEqual([]);
  });

  it('lets only unit managers change areas; any signed-in user lists them', async () => {
    const before = await tableChecksums(study.t.database);
    refused(await save({ code: 'XZ', name: '无权', nameEn: 'No right' }, clerk), 403, 'permission.platform_admin_required');
    refused(await study.t.call('POST', '/dcap/sys/area/delete', { token: clerk.token, body: { id: (await byCode('XB')).id } }), 403, 'permission.platform_admin_required');
    refused(await study.t.call('POST', '/dcap/sys/area/loadStandard', { token: clerk.token, body: { list: 'cn' } }), 403, 'permission.platform_admin_required');
    refused(await upload(csv(['XZ,,无权,No right,,,']), false, undefined, clerk), 403, 'permission.platform_admin_required');
    expect(changedTables(before, await tableChecksums(study.t.database))).toEqual([]);
    expect((await areas()).length).toBeGreaterThan(0);
  });
});

describe('units in areas', () => {
  it('gives a unit an area, shows its names in the unit list, and refuses a disabled or missing one', async () => {
    const city = await byCode('XA-0101');
    const created = ok(await study.t.call('POST', '/dcap/sys/unit/save', { token: study.admin.token, body: { code: 'AREA-U1', name: '一市医院', areaId: city.id } })) as Unit;
    expect(created).toMatchObject({ areaId: city.id, areaName: '一市', areaNameEn: 'City One' });
    const listed = (ok(await study.t.call('GET', '/dcap/sys/unit/list?keyword=AREA-U1', { token: clerk.token })) as Unit[])[0];
    expect(listed).toMatchObject({ code: 'AREA-U1', areaId: city.id, areaName: '一市' });
    expect((await byCode('XA-0101')).unitCount).toBe(1);

    const xb = await byCode('XB');
    ok(await save({ id: xb.id, enabled: false }));
    refused(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: created.id, areaId: xb.id } }), 422, 'area.disabled');
    refused(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: created.id, areaId: 999_999 } }), 404, 'area.not_found');
    const cleared = ok(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: created.id, areaId: null } })) as Unit;
    expect(cleared).toMatchObject({ areaId: null, areaName: null });
    const audit = await study.t.database.db.selectFrom('audit_log').select(['old_value', 'new_value']).where('action', '=', 'unit.update').where('entity_id', '=', String(created.id)).execute();
    expect(audit.at(-1)).toMatchObject({ old_value: { areaId: city.id }, new_value: { areaId: null } });
    ok(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: created.id, areaId: city.id } }));
  });

  it('refuses to delete an area a unit names or one with sub-areas, and deletes a free leaf with its audit row', async () => {
    const [xa01, city] = [await byCode('XA-01'), await byCode('XA-0101')];
    const district = await byCode('XA-010101');
    refused(await study.t.call('POST', '/dcap/sys/area/delete', { token: study.admin.token, body: { id: xa01.id } }), 409, 'area.has_children');
    ok(await study.t.call('POST', '/dcap/sys/area/delete', { token: study.admin.token, body: { id: district.id } }));
    const inUse = await study.t.call('POST', '/dcap/sys/area/delete', { token: study.admin.token, body: { id: city.id }, lang: 'en-US' });
    refused(inUse, 409, 'area.has_units');
    expect(inUse.body.msg).toBe('1 hospitals are in this area; it cannot be deleted');
    refused(await study.t.call('POST', '/dcap/sys/area/delete', { token: study.admin.token, body: { id: district.id } }), 404, 'area.not_found');
    expect((await areaAudit()).at(-1)).toMatchObject({ action: 'area.delete', entity_id: String(district.id), old_value: { code: 'XA-010101', parentCode: 'XA-0101' } });
  });
});

describe('importing areas from a sheet', () => {
  it('checks a CSV row by row on a dry run, naming each problem in the caller’s language, and writes nothing', async () => {
    const before = await tableChecksums(study.t.database);
    const sheet = csv(['YA-01,YA,一省,Province,121,31,1', 'YA,,乙国,Country Y,,,', 'YA-02,YA,二省,Two,121,,', 'XA,,重复,Taken,,,', 'YA-03,NOPE,三省,Three,,,', '', 'YA-04,YA,四省,Four,east,30,', 'YA-05,NOPE,五省,Five,120,,']);
    const report = ok(await upload(sheet, true, 'en-US')) as AreaImportReport;
    expect(report).toMatchObject({ total: 7, valid: 2, imported: 0, dryRun: true });
    expect(report.rows.map((row) => [row.row, row.errors.map((error) => `${error.field}: ${error.message}`)])).toEqual([
      [2, []],
      [3, []],
      [4, ['latitude: Give both longitude and latitude, or neither']],
      [5, ['code: The area code XA already exists']],
      [6, ['parentCode: The parent code NOPE is neither stored nor in the file']],
      [8, ['longitude: longitude must be a number']],
      [9, ['latitude: Give both longitude and latitude, or neither', 'parentCode: The parent code NOPE is neither stored nor in the file']],
    ]);
    const zh = ok(await upload(sheet, true, 'zh-CN')) as AreaImportReport;
    expect(zh.rows[3]?.errors[0]?.message).toBe('区域编码 XA 已存在');
    // Not a dry run: one bad row stops all of them.
    const refusedAll = ok(await upload(sheet, false)) as AreaImportReport;
    expect(refusedAll).toMatchObject({ imported: 0, valid: 2, dryRun: false });
    expect(changedTables(before, await tableChecksums(study.t.database))).toEqual([]);
  });

  it('creates every area of a clean xlsx sheet, parents first whatever the order, with an audit row each', async () => {
    const data: Row[] = [
      ['区域编码', '上级编码', '中文名称', '英文名称', '经度', '纬度', '排序'],
      ['YB-01', 'YB', '一省', 'Province One', 100.5, 20.25, 2],
      ['YB', null, '丙国', 'Country YB', null, null, 9],
      ['YB-0101', 'YB-01', '一市', 'City One', null, null, null].map((value) => (value === null ? null : { value })),
    ].map((row) => row.map((value) => (value === null || typeof value === 'object' ? value : { value })));
    const file = await writeXlsxFile([{ sheet: 'Areas', data }], {}).toBuffer();
    const auditBefore = (await areaAudit()).length;
    const report = ok(await upload(file, false)) as AreaImportReport;
    expect(report).toMatchObject({ total: 3, valid: 3, imported: 3 });
    expect(await byCode('YB-0101')).toMatchObject({ level: 3, parentId: (await byCode('YB-01')).id });
    expect(await byCode('YB-01')).toMatchObject({ longitude: 100.5, latitude: 20.25, sort: 2 });
    const audit = (await areaAudit()).slice(auditBefore);
    expect(audit.map((row) => (row.new_value as { code: string; source: string }).code)).toEqual(['YB', 'YB-01', 'YB-0101']);
    expect(audit[0]?.new_value).toMatchObject({ source: 'import' });
    // The same sheet again: every code is now taken, nothing is created.
    expect(ok(await upload(file, false))).toMatchObject({ valid: 0, imported: 0 });
  });

  it('refuses a file it cannot read, an empty one, and hands out the template in the caller’s language', async () => {
    refused(await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), true), 422, 'area.sheet_unreadable');
    refused(await upload(csv([]), true), 422, 'area.sheet_empty');
    const template = await study.t.request({ method: 'GET', url: '/dcap/sys/area/exportTemplate', headers: { token: study.admin.token, 'accept-language': 'en-US' } });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const readBack = ok(await upload(template.rawPayload, true)) as AreaImportReport;
    expect(readBack.rows.map((row) => row.area.code)).toEqual(['440000', '440100']);
  });
});

describe('the standard list and the site map', () => {
  it('loads China and its 34 provincial-level divisions once, with their points, and adds nothing the second time', async () => {
    expect(STANDARD_AREAS.filter((area) => area.parentCode === 'CN')).toHaveLength(34);
    const first = ok(await study.t.call('POST', '/dcap/sys/area/loadStandard', { token: study.admin.token, body: { list: 'cn' } })) as AreaStandardResult;
    expect(first).toEqual({ created: 35, present: 0 });
    expect(await byCode('110000')).toMatchObject({ name: '北京市', nameEn: 'Beijing', level: 2, longitude: 116.4, latitude: 39.9 });
    const auditCount = (await areaAudit()).length;
    expect(ok(await study.t.call('POST', '/dcap/sys/area/loadStandard', { token: study.admin.token, body: { list: 'cn' } }))).toEqual({ created: 0, present: 35 });
    expect((await areaAudit()).length).toBe(auditCount);
  });

  it('ships the same list as a sheet to import (docs/areas-cn-provinces.csv)', async () => {
    const sheet = await readAreaSheet(readFileSync(new URL('../../../../../docs/areas-cn-provinces.csv', import.meta.url)));
    expect(sheet?.map((cells) => importAreaSchema.parse(areaFromSheetRow(cells)))).toEqual(STANDARD_AREAS);
  });

  it('places each site of a project at its unit’s area, or the nearest area above it with a point', async () => {
    const pm = await person(study, 'area.pm', { projectAdmin: true });
    const { id: projectId } = await project(study, pm, 'AREAMAP');
    const guangdong = await byCode('440000');
    const guangzhou = ok(await save({ code: '440100', parentId: guangdong.id, name: '广州市', nameEn: 'Guangzhou' })) as Area;
    const beijing = await byCode('110000');
    const inCity = await unit(study, 'AREA-GZ', '广州医院');
    ok(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: inCity, areaId: guangzhou.id } }));
    const inBeijing = await unit(study, 'AREA-BJ', '北京医院');
    ok(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: inBeijing, areaId: beijing.id } }));
    const nowhere = await unit(study, 'AREA-NO', '无区域医院');
    await site(study, pm, projectId, 'S02', inCity);
    await site(study, pm, projectId, 'S01', inBeijing);
    await site(study, pm, projectId, 'S03', nowhere);
    const located = await siteAreaLocations(study.t.database.db, projectId);
    expect(located.map((site) => [site.siteCode, site.area?.code ?? null, site.point])).toEqual([
      ['S01', '110000', { areaId: beijing.id, longitude: 116.4, latitude: 39.9 }],
      ['S02', '440100', { areaId: guangdong.id, longitude: 113.26, latitude: 23.13 }],
      ['S03', null, null],
    ]);
    expect(located[1]).toMatchObject({ unitName: '广州医院', area: { name: '广州市', nameEn: 'Guangzhou' } });
  });
});
