import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Signature } from '@dcap/core';
import { auditProcesses, DEFAULT_AUDIT_STEPS } from '@dcap/core';
import { AS_PROJECT_ADMIN, PROJECT_ADMIN, makeProject, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const signature: Signature = {
  id: 1,
  scope: 'event',
  subjectId: 7,
  eventInstanceId: 3,
  panelInstanceId: null,
  signerId: 3,
  signerName: '周敏',
  meaning: 'approval',
  reason: null,
  signedAt: '2026-03-01T08:05:09.000Z',
  valuesHash: 'ab'.repeat(32),
  brokenAt: null,
  brokenBy: null,
  brokenReason: null,
  hasImage: false,
};

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  const init = { ...makeProjectInit(PROJECT_ADMIN, { access: AS_PROJECT_ADMIN, project: makeProject({ status: 'TEST' }, AS_PROJECT_ADMIN) }), auditProcList: auditProcesses(DEFAULT_AUDIT_STEPS).auditProcList };
  return fakeServer({ 'GET /sys/init': () => ok(init), 'POST /project/recordData/signature/list': () => ok([signature]), ...routes });
}

const descriptors = (['createObjectURL', 'revokeObjectURL'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const);
beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:signed-image' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});
afterEach(() => {
  for (const [name, descriptor] of descriptors) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

describe('a subject’s signatures /survey/subject/:id/signatures', () => {
  it('shows the image the signer had when signing, and asks for none where the signer had no image', async () => {
    const withImage: Signature = { ...signature, id: 2, signerName: '李娜', hasImage: true };
    const png = { body: null, text: '\x89PNG', headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="signature-2.png"' } };
    const fake = server({ 'POST /project/recordData/signature/list': () => ok([withImage, signature]), 'GET /project/recordData/signature/image/2': () => png });
    renderApp({ path: '/survey/subject/7/signatures', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const image = await screen.findByTestId('signed-image-2');
    expect(image.getAttribute('alt')).toBe('Signature of 李娜');
    expect(image.getAttribute('src')).toBe('blob:signed-image');
    expect(screen.queryByTestId('signed-image-1')).toBeNull();
    expect(fake.requests.filter((request) => request.path.startsWith('/project/recordData/signature/image/')).map((request) => request.path)).toEqual(['/project/recordData/signature/image/2']);
  });

  it('ES-4 shows signer, time with zone and meaning', async () => {
    const fake = server();
    renderApp({ path: '/survey/subject/7/signatures', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const page = await screen.findByTestId('subject-signatures');
    expect(await within(page).findByText(/周敏/)).toBeDefined();
    expect(within(page).getByText('I approve these data')).toBeDefined();
    expect(within(page).getByText(/2026-03-01 \d\d:05:09 UTC[+-]\d\d:\d\d/)).toBeDefined();
    expect(JSON.parse(fake.requests.find((request) => request.path === '/project/recordData/signature/list')?.body ?? '{}')).toEqual({ subjectId: 7 });
  });

  it('ES-6 signs only after the attestation is acknowledged, with a meaning and the password; a refusal stays in the dialog', async () => {
    const fake = server({ 'POST /project/recordData/signature/sign': () => fail(422, 'Invalid username or password', { errorCode: 'signature.invalid_credentials' }) });
    renderApp({ path: '/survey/subject/7/signatures', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('subject-sign-7'));
    const dialog = await screen.findByTestId('reauth-dialog');
    expect(within(dialog).getByTestId('signature-attestation').textContent).toContain('legally binding equivalent');
    expect(within(dialog).getByTestId<HTMLInputElement>('reauth-username').value).toBe(PROJECT_ADMIN.username);
    fireEvent.change(within(dialog).getByTestId('reauth-password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByTestId('reauth-submit'));
    expect(await within(dialog).findByText('Confirm the attestation first')).toBeDefined();
    expect(within(dialog).getByText('Choose the meaning of the signature')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/project/recordData/signature/sign')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('signature-attested'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('I take responsibility for these data'));
    fireEvent.click(within(dialog).getByTestId('reauth-submit'));
    expect(await within(dialog).findByText('Invalid username or password')).toBeDefined();
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/project/recordData/signature/sign')?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toEqual({ scope: 'subject', id: 7, username: PROJECT_ADMIN.username, password: 'secret', meaning: 'responsibility', attested: true });
    await waitFor(() => expect(screen.getByTestId('reauth-dialog')).toBeDefined());
  });
});
