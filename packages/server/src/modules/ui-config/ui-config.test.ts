import type { PortalConfig, UiConfig } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import type { Study, Team } from '../roles/study.fixture.js';
import { ok, openStudy, project, refused, team } from '../roles/study.fixture.js';
import { png, pngDataUrl } from './png.fixture.js';

/**
 * Project UI settings (spec 002 §3 "UI settings", §7 saveUIConfig, getUIConfig, getUIConfigByUrl) and the
 * public portal of spec 000 §2.3: the logos' ratios checked on the image itself, the login address unique,
 * project configuration rights to save, and the portal answering without a session.
 */
let study: Study;
let t: Team;

beforeAll(async () => {
  study = await openStudy();
  t = await team(study, 'UICFG');
});
afterAll(() => study.t.close());

const saveAs = (token: string, body: Record<string, unknown>, lang = 'en-US') => study.t.call('POST', '/dcap/projectUIConfig/saveUIConfig', { token, lang, body: { projectId: t.projectId, ...body } });
const config = async () => ok(await study.t.call('GET', `/dcap/projectUIConfig/getUIConfig/${t.projectId}`, { token: t.pm.token })) as UiConfig;

describe('project UI settings', () => {
  it('starts empty, saves the logos, footers and portal, and keeps what a later save leaves out', async () => {
    expect(await config()).toMatchObject({ projectId: t.projectId, loginLogo: null, footer: null, loginUrl: null, updatedAt: null });
    const login = pngDataUrl(64, 64);
    const big = pngDataUrl(300, 100);
    const saved = ok(
      await saveAs(t.pm.token, { loginLogo: login, bigLogo: big, smallLogo: pngDataUrl(40, 40), background: pngDataUrl(160, 90), footer: '协和医院 版权所有', footerEn: 'PUMCH, all rights reserved', loginUrl: 'UICFG-Study', description: '一项研究', notice: '请使用医院账号登录', noticeEn: 'Sign in with your hospital account' }),
    ) as UiConfig;
    // The login address is kept lower-case, the portal's URL segment.
    expect(saved).toMatchObject({ loginLogo: login, bigLogo: big, footer: '协和医院 版权所有', loginUrl: 'uicfg-study', notice: '请使用医院账号登录' });

    const next = ok(await saveAs(t.pm.token, { footerEn: 'PUMCH', smallLogo: null, description: '' })) as UiConfig;
    expect(next).toMatchObject({ loginLogo: login, bigLogo: big, smallLogo: null, footer: '协和医院 版权所有', footerEn: 'PUMCH', description: null });
    expect(await config()).toEqual(next);

    // The audit rows name each image by its digest, never its bytes.
    const rows = await study.t.deps.db.selectFrom('audit_log').select(['action', 'new_value']).where('entity_type', '=', 'projectUiConfig').where('project_id', '=', t.projectId).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['projectUiConfig.create', 'projectUiConfig.update']);
    expect(JSON.stringify(rows)).not.toContain('base64');
    expect((rows[0]?.new_value as { loginLogo: string }).loginLogo).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('refuses logos of the wrong shape, images that are not what they claim, and bad addresses, changing nothing', async () => {
    const before = await tableChecksums(study.t.database);
    const square = await saveAs(t.pm.token, { bigLogo: pngDataUrl(100, 100) }, 'zh-CN');
    refused(square, 422, 'ui.image_ratio');
    expect(square.body.msg).toBe('图片宽高比须为 3:1，上传的图片为 100×100');
    const wide = await saveAs(t.pm.token, { loginLogo: pngDataUrl(300, 100) });
    refused(wide, 422, 'ui.image_ratio');
    expect(wide.body.msg).toBe('The image must have a width to height ratio of 1:1; the one uploaded is 300×100');
    refused(await saveAs(t.pm.token, { smallLogo: pngDataUrl(50, 60) }), 422, 'ui.image_ratio');
    // Within the tolerance of a pixel or two a logo is square enough.
    ok(await saveAs(t.pm.token, { smallLogo: pngDataUrl(100, 99) }));
    const afterFit = await tableChecksums(study.t.database);
    // A PNG sent as a JPEG, bytes that are no image, a type not offered, an image too large.
    refused(await saveAs(t.pm.token, { loginLogo: `data:image/jpeg;base64,${png(10, 10).toString('base64')}` }), 422, 'ui.image_unreadable');
    refused(await saveAs(t.pm.token, { loginLogo: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}` }), 422, 'ui.image_unreadable');
    refused(await saveAs(t.pm.token, { loginLogo: 'data:image/svg+xml;base64,PHN2Zz4=' }), 400, 'request.invalid');
    refused(await saveAs(t.pm.token, { background: `data:image/png;base64,${Buffer.alloc(200 * 1024, 1).toString('base64')}` }), 400, 'request.invalid');
    refused(await saveAs(t.pm.token, { background: pngDataUrl(5000, 2) }), 422, 'ui.image_too_big');
    refused(await saveAs(t.pm.token, { loginUrl: '../admin' }), 400, 'request.invalid');
    refused(await saveAs(t.pm.token, { footer: 'a\u0000b' }), 400, 'request.invalid');
    expect(changedTables(afterFit, await tableChecksums(study.t.database))).toEqual([]);
    expect(changedTables(before, afterFit)).toContain('project_ui_configs');
  });

  it('keeps each login address to one project, whatever its case', async () => {
    const other = await project(study, t.pm, 'UICFG-2');
    const taken = await study.t.call('POST', '/dcap/projectUIConfig/saveUIConfig', { token: t.pm.token, body: { projectId: other.id, loginUrl: 'UICFG-STUDY' } });
    refused(taken, 409, 'ui.login_url_taken');
    ok(await study.t.call('POST', '/dcap/projectUIConfig/saveUIConfig', { token: t.pm.token, body: { projectId: other.id, loginUrl: 'uicfg-other' } }));
  });

  it('serves the portal by its address without a session, with only the sign-in page’s settings', async () => {
    const portal = ok(await study.t.call('GET', '/dcap/projectUIConfig/getUIConfigByUrl/UICFG-study')) as PortalConfig;
    expect(portal.projectName).toBe('Study UICFG');
    expect(portal).toMatchObject({ loginUrl: 'uicfg-study', footer: '协和医院 版权所有', footerEn: 'PUMCH', notice: '请使用医院账号登录' });
    expect(portal.loginLogo).toMatch(/^data:image\/png;base64,/);
    expect(portal).not.toHaveProperty('bigLogo');
    const missing = await study.t.call('GET', '/dcap/projectUIConfig/getUIConfigByUrl/nobody-here', { lang: 'zh-CN' });
    refused(missing, 404, 'portal.not_found');
    expect(missing.body.msg).toBe('没有使用此登录地址的项目');
  });

  it('lets members read the settings but only project configuration rights save them', async () => {
    // The investigator's role has data-entry flags only; the member of another project sees nothing of this one.
    refused(await saveAs(t.investigator.token, { footer: 'x' }), 403, 'permission.project_forbidden');
    expect((ok(await study.t.call('GET', `/dcap/projectUIConfig/getUIConfig/${t.projectId}`, { token: t.investigator.token })) as UiConfig).footer).toBe('协和医院 版权所有');
    const outsider = await study.t.call('GET', `/dcap/projectUIConfig/getUIConfig/${t.projectId}`, { token: t.outsider.token });
    expect([403, 404]).toContain(outsider.status);
  });
});
