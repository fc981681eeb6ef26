import type { SignatureHistory, Ukey, User } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import type { Reply, TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import { multipartForm } from '../attachments/attachments.fixture.js';
import { png } from '../ui-config/png.fixture.js';

/**
 * Signature images (spec 002 §7 getHisSignFile/uploadSignFile/updateSignFile; docs/decisions.md "Signature
 * images"): own uploads with history, refusals by content, size and dimensions in both languages, who reads
 * whose, the administrator's replacement, and audit rows that name the file's hash, never its bytes. Also the
 * user's own USB key record, read-only.
 */
let t: TestContext;
let admin: string;
let signer: { user: User; token: string };
let other: { user: User; token: string };

/** A JPEG header with a start-of-frame of 300×100 (core content/image.ts reads only the header). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x01, 0x2c, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);
const SIGNATURE_PNG = png(240, 80, [20, 20, 20]);

async function person(username: string): Promise<{ user: User; token: string }> {
  const reply = await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username, name: username } });
  expect(reply.status, reply.body.msg).toBe(200);
  const created = reply.body.data as { user: User; password: string };
  await t.database.db.updateTable('users').set({ must_change_password: false }).where('id', '=', created.user.id).execute();
  return { user: created.user, token: await t.signIn(username, created.password) };
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  signer = await person('sig.signer');
  other = await person('sig.other');
});
afterAll(() => t.close());

async function send(token: string, url: string, fields: Record<string, string | number>, file: { name: string; bytes: Buffer } | null, lang?: string): Promise<Reply> {
  const form = multipartForm(fields, file ? { ...file, type: 'image/png' } : null);
  const headers: Record<string, string> = { token, 'content-type': form.contentType };
  if (lang) headers['accept-language'] = lang;
  const response = await t.request({ method: 'POST', url, headers, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
const history = async (token: string, userId?: number) => t.call('GET', `/dcap/sys/user/getHisSignFile${userId === undefined ? '' : `?userId=${String(userId)}`}`, { token });
const signatureAudit = () => t.database.db.selectFrom('audit_log').select(['action', 'actor_username', 'entity_id', 'new_value']).where('entity_type', '=', 'user_signature').orderBy('id').execute();

describe('signature images', () => {
  it('SIG-1 keeps every upload of a user as history, the newest in use, each with an audit row naming its hash', async () => {
    let reply = await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, { name: 'sign.png', bytes: SIGNATURE_PNG });
    expect(reply.status, reply.body.msg).toBe(200);
    reply = await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, { name: '签名.jpg', bytes: JPEG }, 'en-US');
    expect(reply.body.msg).toBe('Signature image saved');
    const own = reply.body.data as SignatureHistory;
    expect(own).toMatchObject({ userId: signer.user.id, username: 'sig.signer' });
    expect(own.files.map((f) => [f.fileName, f.contentType, f.width, f.height, f.current, f.uploadedBy])).toEqual([
      ['签名.jpg', 'image/jpeg', 300, 100, true, 'sig.signer'],
      ['sign.png', 'image/png', 240, 80, false, 'sig.signer'],
    ]);
    expect((await history(signer.token)).body.data).toEqual(own);

    const [newest] = own.files;
    const image = await t.request({ method: 'GET', url: `/dcap/sys/user/signFile/${String(newest?.id)}`, headers: { token: signer.token } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);

    const rows = await signatureAudit();
    expect(rows.map((row) => [row.action, row.actor_username, row.entity_id])).toEqual(own.files.map((f) => ['user_signature.upload', 'sig.signer', String(f.id)]).reverse());
    expect(rows[1]?.new_value).toEqual({ userId: signer.user.id, fileName: '签名.jpg', contentType: 'image/jpeg', size: JPEG.length, width: 300, height: 100, sha256: newest?.sha256 });
    expect(JSON.stringify(rows[0]?.new_value).length).toBeLessThan(400);
  });

  it('SIG-2 refuses what is not a sane PNG or JPEG, in the caller’s language, changing nothing', async () => {
    const before = await tableChecksums(t.database);
    const text = { name: 'sign.png', bytes: Buffer.from('not an image at all, only text') };
    for (const [lang, message] of [
      ['zh-CN', '签名图片只能是 PNG 或 JPEG 图片（.png,.jpg,.jpeg）'],
      ['en-US', 'A signature image must be a PNG or JPEG image (.png,.jpg,.jpeg)'],
    ] as const) {
      const reply = await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, text, lang);
      expect([reply.status, reply.body.errorCode, reply.body.msg]).toEqual([422, 'signature.file_kind', message]);
    }
    // A real PNG under another name is refused too: the name must say image as well as the bytes.
    expect((await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, { name: 'sign.pdf', bytes: SIGNATURE_PNG })).body.errorCode).toBe('signature.file_kind');
    const large = Buffer.concat([SIGNATURE_PNG, Buffer.alloc(1024 * 1024)]);
    for (const [lang, message] of [
      ['zh-CN', '签名图片必须小于 1 MB'],
      ['en-US', 'A signature image must be smaller than 1 MB'],
    ] as const) {
      const reply = await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, { name: 'big.png', bytes: large }, lang);
      expect([reply.status, reply.body.errorCode, reply.body.msg]).toEqual([413, 'signature.file_too_large', message]);
    }
    // A PNG whose header is sound but whose image data is not a zlib stream is refused too.
    const broken = Buffer.concat([SIGNATURE_PNG.subarray(0, 33), Buffer.from([0, 0, 0, 7]), Buffer.from('IDATgarbage'), Buffer.from([0, 0, 0, 0]), SIGNATURE_PNG.subarray(-12)]);
    expect((await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, { name: 'broken.png', bytes: broken })).body.errorCode).toBe('signature.file_kind');
    const tiny = await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, { name: 'dot.png', bytes: png(4, 4) }, 'en-US');
    expect([tiny.status, tiny.body.msg]).toEqual([422, 'A signature image must be between 16 and 4096 pixels wide and high']);
    const none = await send(signer.token, '/dcap/sys/user/uploadSignFile', {}, null, 'zh-CN');
    expect([none.body.errorCode, none.body.msg]).toEqual(['signature.file_missing', '请选择签名图片']);
    expect(changedTables(before, await tableChecksums(t.database))).toEqual([]);
  });

  it('SIG-3 lets only the user and user administrators read a signature; only administrators replace another’s', async () => {
    const own = (await history(signer.token)).body.data as SignatureHistory;
    const id = own.files[0]?.id ?? 0;
    const before = await tableChecksums(t.database);
    for (const reply of [
      await history(other.token, signer.user.id),
      await t.call('GET', `/dcap/sys/user/signFile/${String(id)}`, { token: other.token }),
      await send(other.token, '/dcap/sys/user/updateSignFile', { userId: signer.user.id }, { name: 'forged.png', bytes: SIGNATURE_PNG }),
    ]) {
      expect([reply.status, reply.body.errorCode]).toEqual([403, 'permission.platform_admin_required']);
    }
    expect(changedTables(before, await tableChecksums(t.database))).toEqual([]);
    expect(((await history(other.token)).body.data as SignatureHistory).files).toEqual([]);

    expect((await history(admin, signer.user.id)).body.data).toEqual(own);
    const image = await t.request({ method: 'GET', url: `/dcap/sys/user/signFile/${String(id)}`, headers: { token: admin } });
    expect(image.statusCode).toBe(200);
    const replaced = await send(admin, '/dcap/sys/user/updateSignFile', { userId: signer.user.id }, { name: 'scan.png', bytes: png(200, 60) });
    expect(replaced.status, replaced.body.msg).toBe(200);
    const after = replaced.body.data as SignatureHistory;
    expect(after.files.map((f) => [f.fileName, f.current, f.uploadedBy])).toEqual([
      ['scan.png', true, ADMIN.username],
      ['签名.jpg', false, 'sig.signer'],
      ['sign.png', false, 'sig.signer'],
    ]);
    expect((await signatureAudit()).at(-1)).toMatchObject({ action: 'user_signature.upload', actor_username: ADMIN.username, new_value: { userId: signer.user.id, fileName: 'scan.png' } });
    const missing = await send(admin, '/dcap/sys/user/updateSignFile', { userId: 999999 }, { name: 'scan.png', bytes: png(200, 60) });
    expect(missing.body.errorCode).toBe('user.not_found');
  });

  it('SIG-4 shows a user their own USB key record, and nobody else’s', async () => {
    expect((await t.call('GET', '/dcap/sys/user/myUkey', { token: signer.token })).body.data).toEqual({ userId: signer.user.id, serial: null, boundAt: null });
    expect((await t.call('POST', '/dcap/sys/user/ukey', { token: admin, body: { userId: signer.user.id, serial: 'SN-SIG-001' } })).status).toBe(200);
    const mine = (await t.call('GET', '/dcap/sys/user/myUkey', { token: signer.token })).body.data as Ukey;
    expect(mine).toMatchObject({ userId: signer.user.id, serial: 'SN-SIG-001' });
    expect((await t.call('GET', '/dcap/sys/user/myUkey', { token: other.token })).body.data).toMatchObject({ userId: other.user.id, serial: null });
  });
});
