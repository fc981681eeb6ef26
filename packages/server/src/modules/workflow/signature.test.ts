import { createHash } from 'node:crypto';
import type { BulkFieldActionResult, RecordPanel, Signature } from '@dcap/core';
import { canonicalJson, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { multipartForm } from '../attachments/attachments.fixture.js';
import { png } from '../ui-config/png.fixture.js';

const PASSWORD = 'Passw0rd!x';
let rs: RecordsStudy;
let subject: AddedSubject;
let dm: number;
let vs: number;
beforeAll(async () => {
  rs = await openRecordsStudy('SIG');
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
  dm = subject.panelInstances.screening?.DM ?? 0;
  vs = subject.panelInstances.screening?.VS ?? 0;
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
/** The browser's today(): the study's day at the test clock's now, as the renderer computes it. */
const today = () => studyToday(rs.study.t.clock.now());
const read = async (who: Persona, id: number) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
const save = async (who: Persona, id: number, typed: Record<string, unknown>, reasons: Record<string, unknown> = {}) => {
  const panel = await read(who, id);
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today }).values;
  return post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: panel.version, values, reasons }, 'en-US');
};
const bulk = (who: Persona, scope: string, id: number, action: string) => post(who, '/dcap/project/recordData/workflow/bulk', { scope, id, action });
const signBody = (who: Persona, extra: Record<string, unknown> = {}) => ({ scope: 'panel', id: dm, username: who.username, password: PASSWORD, meaning: 'approval', attested: true, ...extra });
const signAs = (who: Persona, extra: Record<string, unknown> = {}) => post(who, '/dcap/project/recordData/signature/sign', signBody(who, extra), 'en-US');
const statuses = async (panelId: number) =>
  Object.fromEntries((await db().selectFrom('field_values').select(['path', 'status']).where('panel_instance_id', '=', panelId).execute()).map((row) => [row.path, row.status]));

describe('electronic signature (COMPLIANCE ES)', () => {
  beforeAll(async () => {
    ok(await save(rs.people.coordinator, dm, { INITIALS: 'ZS', SEX: '1' }));
    ok(await save(rs.people.coordinator, vs, { HEIGHT: 180, WEIGHT: 81 }));
  });

  it('ES-6 requires the acknowledged attestation and a meaning from the configured list', async () => {
    refused(await signAs(rs.people.investigator, { attested: false }), 400, 'request.invalid');
    refused(await signAs(rs.people.investigator, { meaning: 'because' }), 400, 'request.invalid');
  });

  it('refuses while fields have not completed the steps before sign, naming them', async () => {
    ok(await bulk(rs.people.monitor, 'panel', dm, 'verify'));
    const reply = await signAs(rs.people.investigator);
    refused(reply, 409, 'signature.not_ready');
    expect(reply.body.msg).toContain('INITIALS (VERIFIED)');
    expect(await db().selectFrom('signatures').selectAll().execute()).toEqual([]);
  });

  it('ES-1 refuses another user’s login name, even with that user’s right password, and logs it', async () => {
    ok(await bulk(rs.people.dataManager, 'panel', dm, 'review'));
    refused(await post(rs.people.investigator, '/dcap/project/recordData/signature/sign', { ...signBody(rs.people.investigator), username: rs.people.dataManager.username }, 'en-US'), 422, 'signature.not_self');
    const logged = await db().selectFrom('audit_log').selectAll().where('action', '=', 'auth.reauth_failed').where('actor_id', '=', rs.people.investigator.id).execute();
    expect(logged.at(-1)?.new_value).toMatchObject({ reason: 'not_self', purpose: 'signature' });
    expect(await db().selectFrom('signatures').selectAll().execute()).toEqual([]);
  });

  it('ES-7 refuses a signer of another site as if the form did not exist, and a role without the sign right', async () => {
    refused(await signAs(rs.people.siteBUser), 404, 'subject.panel_not_found');
    refused(await signAs(rs.people.monitor), 403, 'permission.project_forbidden');
    refused(await signAs(rs.people.coordinator), 403, 'permission.project_forbidden');
  });

  it('ES-3 TS-1 stores signer, full name, meaning, reason, server time and the hash of the signed values; the fields become SIGNED', async () => {
    const before = Date.now();
    const signature = ok(await signAs(rs.people.investigator, { reason: ' I confirm the screening data ' })) as Signature;
    const row = await db().selectFrom('signatures').selectAll().where('id', '=', signature.id).executeTakeFirstOrThrow();
    const fields = await db().selectFrom('field_values').select(['path', 'value', 'inactive_type']).where('panel_instance_id', '=', dm).execute();
    const expectedHash = createHash('sha256')
      .update(canonicalJson({ [String(dm)]: Object.fromEntries(fields.map((field) => [field.path, { value: field.value, inactiveType: field.inactive_type }])) }))
      .digest('hex');
    expect(row).toMatchObject({
      scope: 'panel',
      subject_id: subject.id,
      panel_instance_id: dm,
      event_instance_id: subject.eventInstances.screening,
      site_id: rs.siteA.id,
      signer_id: rs.people.investigator.id,
      signer_name: `Name of ${rs.people.investigator.username}`,
      meaning: 'approval',
      reason: 'I confirm the screening data',
      values_hash: expectedHash,
      broken_at: null,
    });
    expect(row.signed_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(signature.signedAt).toMatch(/Z$/);
    expect(await statuses(dm)).toEqual({ INITIALS: 'SIGNED', SEX: 'SIGNED' });
    expect((await read(rs.people.investigator, dm)).status).toBe('SIGNED');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'signature.sign').where('entity_id', '=', String(signature.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: rs.people.investigator.id, site_id: rs.siteA.id, env: rs.env.key, reason: 'I confirm the screening data' });
    expect(audit.new_value).toMatchObject({ meaning: 'approval', valuesHash: expectedHash, signedFields: 2 });
    const fieldRows = await db().selectFrom('audit_log').selectAll().where('action', '=', 'field.sign').execute();
    expect(fieldRows.map((entry) => [entry.entity_id, entry.old_value, entry.new_value])).toContainEqual([`${String(dm)}:SEX`, expect.objectContaining({ status: 'REVIEWED' }), expect.objectContaining({ status: 'SIGNED' })]);
  });

  it('ES-4 lists the signatures of the subject and of a panel with name, time and meaning', async () => {
    const all = ok(await post(rs.people.monitor, '/dcap/project/recordData/signature/list', { subjectId: subject.id })) as Signature[];
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ signerName: `Name of ${rs.people.investigator.username}`, meaning: 'approval', scope: 'panel', brokenAt: null });
    expect(ok(await post(rs.people.monitor, '/dcap/project/recordData/signature/list', { subjectId: subject.id, panelInstanceId: vs }))).toEqual([]);
    refused(await post(rs.people.siteBUser, '/dcap/project/recordData/signature/list', { subjectId: subject.id }), 404, 'subject.not_found');
  });

  it('signs a visit over an already signed panel; a change in the visit breaks both', async () => {
    ok(await bulk(rs.people.monitor, 'panel', vs, 'verify'));
    ok(await bulk(rs.people.dataManager, 'panel', vs, 'review'));
    const visit = ok(await signAs(rs.people.investigator, { scope: 'event', id: subject.eventInstances.screening, meaning: 'responsibility' })) as Signature;
    expect(visit).toMatchObject({ scope: 'event', panelInstanceId: null, eventInstanceId: subject.eventInstances.screening });
    expect(await statuses(vs)).toEqual({ HEIGHT: 'SIGNED', WEIGHT: 'SIGNED', BMI: 'SIGNED' });
  });

  it('ES-5 a later change inside the scope breaks the signatures, returns the other fields to REVIEWED and is audited', async () => {
    const reply = await save(rs.people.coordinator, dm, { INITIALS: 'LS' }, { INITIALS: { code: 'TRANSCRIPTION_ERROR' } });
    ok(reply);
    const rows = await db().selectFrom('signatures').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.scope, row.broken_by, row.broken_reason])).toEqual([
      ['panel', rs.people.coordinator.id, 'value_changed'],
      ['event', rs.people.coordinator.id, 'value_changed'],
    ]);
    expect(await statuses(dm)).toEqual({ INITIALS: 'COMPLETED', SEX: 'REVIEWED' });
    expect(await statuses(vs)).toEqual({ HEIGHT: 'REVIEWED', WEIGHT: 'REVIEWED', BMI: 'REVIEWED' });
    const breaks = await db().selectFrom('audit_log').selectAll().where('action', '=', 'signature.break').execute();
    expect(breaks.filter((row) => row.entity_type === 'signature')).toHaveLength(2);
    expect(breaks.find((row) => row.entity_id === `${String(dm)}:SEX`)).toMatchObject({ old_value: { status: 'SIGNED' }, new_value: { status: 'REVIEWED' }, site_id: rs.siteA.id, env: rs.env.key });
    const listed = ok(await post(rs.people.monitor, '/dcap/project/recordData/signature/list', { subjectId: subject.id })) as Signature[];
    expect(listed.every((signature) => signature.brokenAt !== null && signature.brokenBy === `Name of ${rs.people.coordinator.username}`)).toBe(true);
  });

  it('WF-2 locked data cannot be saved by anyone, the platform administrator included, until an audited unlock', async () => {
    ok(await bulk(rs.people.monitor, 'panel', dm, 'verify'));
    ok(await bulk(rs.people.dataManager, 'panel', dm, 'review'));
    ok(await signAs(rs.people.investigator));
    const locked = ok(await bulk(rs.people.dataManager, 'panel', dm, 'lock')) as BulkFieldActionResult;
    expect(locked).toEqual({ applied: 2, skipped: 0 });
    const admin = rs.study.admin;
    ok(await rs.study.t.call('GET', `/dcap/project/store/${String(rs.projectId)}`, { token: admin.token }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin.token }));
    const initials = () => db().selectFrom('field_values').select(['value', 'status']).where('panel_instance_id', '=', dm).where('path', '=', 'INITIALS').executeTakeFirstOrThrow();
    const before = await initials();
    const refusedSave = await save(admin, dm, { INITIALS: 'WW' }, { INITIALS: { code: 'TRANSCRIPTION_ERROR' } });
    expect(refusedSave.status).toBe(422);
    expect(await initials()).toEqual({ value: before.value, status: 'LOCKED' });
    refused(await post(admin, '/dcap/project/recordData/workflow/field', { panelInstanceId: dm, path: 'SEX', action: 'clear' }, 'en-US'), 409, 'workflow.status');

    ok(await post(rs.people.dataManager, '/dcap/project/recordData/workflow/field', { panelInstanceId: dm, path: 'INITIALS', action: 'unlock', note: 'correction requested' }));
    const unlockAudit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'field.unlock').executeTakeFirstOrThrow();
    expect(unlockAudit).toMatchObject({ actor_id: rs.people.dataManager.id, reason: 'correction requested', old_value: { status: 'LOCKED' }, new_value: { status: 'SIGNED' } });
    ok(await save(admin, dm, { INITIALS: 'WW' }, { INITIALS: { code: 'TRANSCRIPTION_ERROR' } }));
  });

  it('ES-2 wrong passwords at signing count toward lockout and are logged; after the threshold the account is locked', async () => {
    const signer = rs.people.investigator;
    for (let attempt = 1; attempt <= 4; attempt += 1) refused(await signAs(signer, { password: 'wrong-password' }), 422, 'signature.invalid_credentials');
    refused(await signAs(signer, { password: 'wrong-password' }), 422, 'signature.account_locked');
    const attempts = await db().selectFrom('login_attempts').selectAll().where('user_id', '=', signer.id).where('success', '=', false).execute();
    expect(attempts.filter((row) => row.reason === 'wrong_password')).toHaveLength(5);
    const user = await db().selectFrom('users').select('locked_until').where('id', '=', signer.id).executeTakeFirstOrThrow();
    expect(user.locked_until?.getTime()).toBeGreaterThan(Date.now());
    expect(await db().selectFrom('audit_log').selectAll().where('action', '=', 'auth.lockout').where('actor_id', '=', signer.id).execute()).toHaveLength(1);
    // The lockout ends the signer's sessions, as after failed sign-ins, and sign-in is refused too.
    refused(await signAs(signer), 401, 'auth.required');
    refused(await rs.study.t.call('POST', '/dcap/login', { body: { username: signer.username, password: PASSWORD } }), 401, 'auth.invalid_credentials');
  });
});

describe('the signer’s image beside a signature (docs/decisions.md "Signature images")', () => {
  const image = (id: number, who: Persona) => rs.study.t.request({ method: 'GET', url: `/dcap/project/recordData/signature/image/${String(id)}`, headers: { token: who.token } });
  const upload = async (who: Persona, bytes: Buffer) => {
    const form = multipartForm({}, { name: 'sign.png', bytes, type: 'image/png' });
    const reply = await rs.study.t.request({ method: 'POST', url: '/dcap/sys/user/uploadSignFile', headers: { token: who.token, 'content-type': form.contentType }, payload: form.payload });
    expect(reply.statusCode, reply.body).toBe(200);
  };

  it('serves the image the signer had when signing to whoever sees the data, never a later one, and nothing to another site', async () => {
    // The project administrator signs: the investigator is locked out by the lockout test before this one.
    const { projectAdmin: signer, monitor, dataManager, siteBUser, coordinator } = rs.people;
    const other = await addSubject(rs, coordinator, rs.siteA.id);
    const dmPanel = other.panelInstances.screening?.DM ?? 0;
    const vsPanel = other.panelInstances.screening?.VS ?? 0;
    ok(await save(coordinator, dmPanel, { INITIALS: 'LS', SEX: '2' }));
    ok(await save(coordinator, vsPanel, { HEIGHT: 160, WEIGHT: 50 }));
    for (const panel of [dmPanel, vsPanel]) {
      ok(await bulk(monitor, 'panel', panel, 'verify'));
      ok(await bulk(dataManager, 'panel', panel, 'review'));
    }

    // Signed before the signer had any image: the list says so and the image answers "not found".
    const bare = ok(await signAs(signer, { id: dmPanel })) as Signature;
    expect(bare.hasImage).toBe(false);
    const none = await image(bare.id, monitor);
    expect([none.statusCode, none.json<{ errorCode: string }>().errorCode]).toEqual([404, 'signature.not_found']);

    const first = png(240, 80, [20, 20, 20]);
    await upload(signer, first);
    const signed = ok(await signAs(signer, { id: vsPanel })) as Signature;
    expect(signed.hasImage).toBe(true);
    // A newer image does not change how the earlier signature looks.
    await upload(signer, png(300, 100, [200, 30, 30]));
    const listed = ok(await post(monitor, '/dcap/project/recordData/signature/list', { subjectId: other.id })) as Signature[];
    expect(listed.map((row) => [row.id, row.hasImage])).toEqual([
      [signed.id, true],
      [bare.id, false],
    ]);
    const served = await image(signed.id, monitor);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, first)).toBe(0);

    // Another site's member, and a signature that does not exist, are told there is no such signature.
    for (const [id, who] of [
      [signed.id, siteBUser],
      [999_999, monitor],
    ] as const) {
      const refusedReply = await image(id, who);
      expect([refusedReply.statusCode, refusedReply.json<{ errorCode: string }>().errorCode]).toEqual([404, 'workflow.signature_not_found']);
    }
  });
});
