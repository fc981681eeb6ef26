import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SignatureFile, SignatureHistory } from '@dcap/core';
import { ADMIN, makeInit, makeUser, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** Signature images in the account centre and in user administration, and the own USB key on the security tab. */
const me = makeUser({ id: MEMBER.id, username: MEMBER.username, name: MEMBER.name, nameEn: null });
const file = (id: number, overrides: Partial<SignatureFile> = {}): SignatureFile => ({
  id,
  userId: MEMBER.id,
  fileName: `sign-${String(id)}.png`,
  contentType: 'image/png',
  size: 2048,
  sha256: 'a'.repeat(64),
  width: 240,
  height: 80,
  uploadedBy: MEMBER.username,
  uploadedAt: '2026-03-01T08:00:00.000Z',
  current: false,
  ...overrides,
});
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const descriptors = (['createObjectURL', 'revokeObjectURL'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const);
beforeEach(() => {
  let count = 0;
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => `blob:signature/${String((count += 1))}` });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});
afterEach(() => {
  for (const [name, descriptor] of descriptors) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

function fileInput(within: HTMLElement): HTMLInputElement {
  const input = within.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

function image() {
  return { body: null, text: String.fromCharCode(...PNG_BYTES), headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="sign.png"' } };
}

describe('signature image', () => {
  it('base tab: shows the signature in use and its history, and an upload replaces it with the server’s notice', async () => {
    let history: SignatureHistory = { userId: MEMBER.id, username: MEMBER.username, files: [file(7, { current: true, uploadedBy: 'admin' }), file(3)] };
    const api = fakeServer({
      'GET /sys/init': () => ok(makeInit(MEMBER)),
      'GET /sys/user/info': () => ok(me),
      'GET /sys/user/getHisSignFile': () => ok(history),
      'GET /sys/user/signFile/7': image,
      'GET /sys/user/signFile/3': image,
      'GET /sys/user/signFile/9': image,
      'POST /sys/user/uploadSignFile': () => {
        history = { ...history, files: [file(9, { current: true, fileName: 'new.png' }), ...history.files.map((f) => ({ ...f, current: false }))] };
        return { body: { code: 0, msg: 'Signature image saved', data: history } };
      },
    });
    renderApp({ path: '/account/settings/base', fetch: api.fetch, locale: 'en-US', token: 't' });
    const panel = await screen.findByTestId('signature-panel');
    const current = await within(panel).findByTestId('signature-current-image');
    expect(current.getAttribute('alt')).toBe('Signature of 李娜');
    expect(api.requests.some((r) => r.path === '/sys/user/signFile/7')).toBe(true);
    const rows = within(screen.getByTestId('signature-history')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/In use.*admin.*240 × 80 · 2 KB/), expect.not.stringContaining('In use')]);
    expect(within(panel).getByTestId('signature-upload-button').textContent).toBe('Replace signature');

    fireEvent.change(fileInput(panel), { target: { files: [new File([PNG_BYTES], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('A signature image must be a PNG or JPEG image')).toBeDefined();
    expect(api.requests.some((r) => r.path === '/sys/user/uploadSignFile')).toBe(false);

    // The upload control renders a fresh input after each choice.
    fireEvent.change(fileInput(panel), { target: { files: [new File([PNG_BYTES], 'new.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Signature image saved')).toBeDefined();
    await waitFor(() => expect(within(screen.getByTestId('signature-history')).getAllByRole('row')).toHaveLength(4));
    expect(api.requests.filter((r) => r.path === '/sys/user/uploadSignFile')).toHaveLength(1);
  });

  it('base tab: a user without a signature is told so, in Chinese, and offered an upload; a server refusal is shown', async () => {
    const api = fakeServer({
      'GET /sys/init': () => ok(makeInit(MEMBER)),
      'GET /sys/user/info': () => ok(me),
      'GET /sys/user/getHisSignFile': () => ok({ userId: MEMBER.id, username: MEMBER.username, files: [] }),
      'POST /sys/user/uploadSignFile': () => fail(422, '签名图片的宽和高须在 16 到 4096 像素之间', { errorCode: 'signature.dimensions' }),
    });
    renderApp({ path: '/account/settings/base', fetch: api.fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('signature-none')).textContent).toBe('尚未上传签名图片');
    expect(screen.getByTestId('signature-upload-button').textContent).toBe('上传签名');
    fireEvent.change(fileInput(screen.getByTestId('signature-panel')), { target: { files: [new File([PNG_BYTES], 'dot.png', { type: 'image/png' })] } });
    expect(await screen.findByText('签名图片的宽和高须在 16 到 4096 像素之间')).toBeDefined();
  });

  it('user administration: an administrator opens a user’s signature history and replaces it through updateSignFile', async () => {
    const target = makeUser({ id: 42, username: 'zhao.yi', name: '赵一' });
    let history: SignatureHistory = { userId: 42, username: 'zhao.yi', files: [file(5, { userId: 42, current: true, uploadedBy: 'zhao.yi' })] };
    const api = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/user/list': () => ok({ list: [target], total: 1, pageNo: 1, pageSize: 20 }),
      'GET /sys/user/getHisSignFile': (request) => (request.search.get('userId') === '42' ? ok(history) : fail(403, 'no')),
      'GET /sys/user/signFile/5': image,
      'GET /sys/user/signFile/6': image,
      'POST /sys/user/updateSignFile': () => {
        history = { ...history, files: [file(6, { userId: 42, current: true, uploadedBy: 'admin', fileName: 'scan.png' }), { ...history.files[0], current: false } as SignatureFile] };
        return { body: { code: 0, msg: 'Signature image saved', data: history } };
      },
    });
    renderApp({ path: '/sys/user', fetch: api.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('user-signature-zhao.yi'));
    const dialog = (await screen.findByTestId('signature-panel')).closest<HTMLElement>('.ant-modal');
    if (!dialog) throw new Error('no dialog');
    expect(within(dialog).getByText('Handwritten signature of 赵一')).toBeDefined();
    await within(dialog).findByTestId('signature-current-image');
    expect(within(dialog).getByText(/the earlier ones stay in the history/)).toBeDefined();
    fireEvent.change(fileInput(dialog), { target: { files: [new File([PNG_BYTES], 'scan.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
    expect(within(dialog).getAllByRole('row')[1]?.textContent).toMatch(/In use.*admin/);
    expect(api.requests.filter((r) => r.path === '/sys/user/updateSignFile')).toHaveLength(1);
    expect(api.requests.some((r) => r.path === '/sys/user/uploadSignFile')).toBe(false);
  });

  it('security tab: lists the user’s own USB key serial, read-only, in both languages', async () => {
    const routes = {
      'GET /sys/init': () => ok(makeInit(MEMBER)),
      'GET /sys/user/myUkey': () => ok({ userId: MEMBER.id, serial: 'SN-0042', boundAt: '2026-02-01T08:00:00.000Z' }),
    };
    const { view } = renderApp({ path: '/account/settings/security', fetch: fakeServer(routes).fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('my-ukey-serial')).textContent).toBe('SN-0042');
    const ukey = screen.getByTestId('my-ukey');
    expect(within(ukey).getByText('My USB key')).toBeDefined();
    expect(within(ukey).queryByRole('button')).toBeNull();
    expect(within(ukey).queryByRole('textbox')).toBeNull();
    view.unmount();

    renderApp({ path: '/account/settings/security', fetch: fakeServer({ ...routes, 'GET /sys/user/myUkey': () => ok({ userId: MEMBER.id, serial: null, boundAt: null }) }).fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('my-ukey-serial')).textContent).toBe('尚未为您登记 USB Key');
    expect(screen.getByText('我的 USB Key')).toBeDefined();
  });
});
