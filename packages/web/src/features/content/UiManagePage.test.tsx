import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UiConfig } from '@dcap/core';
import { AS_PROJECT_ADMIN, PROJECT_ADMIN, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** Project UI settings (spec 002 §3 "UI settings"; spec 000 §2.2 /project/uimanage). */
const CONFIG: UiConfig = {
  projectId: 5,
  loginLogo: null,
  bigLogo: null,
  smallLogo: null,
  background: null,
  footer: '心衰研究组',
  footerEn: null,
  loginUrl: 'hf',
  description: null,
  notice: null,
  noticeEn: null,
  updatedAt: '2026-03-01T08:00:00.000Z',
};
const RATIO_REFUSAL = 'The image must have a width to height ratio of 1:1; the one uploaded is 300×100';

/** jsdom decodes no images: each one "loads" with the size the test gives. */
let size = { width: 64, height: 64 };
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(_url: string) {
    this.naturalWidth = size.width;
    this.naturalHeight = size.height;
    setTimeout(() => this.onload?.(), 0);
  }
}
beforeEach(() => vi.stubGlobal('Image', FakeImage));
afterEach(() => vi.unstubAllGlobals());

const logo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' });

function server(save: (body: Record<string, unknown>) => ReturnType<typeof ok> | ReturnType<typeof fail>) {
  const saved: Record<string, unknown>[] = [];
  const fake = fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { access: AS_PROJECT_ADMIN })),
    'GET /projectUIConfig/getUIConfig/5': () => ok(CONFIG),
    'POST /projectUIConfig/saveUIConfig': (request) => {
      const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
      saved.push(body);
      return save(body);
    },
  });
  return { ...fake, saved };
}

describe('project UI settings page', () => {
  it('loads the project’s settings and saves changed texts without resending unchanged images', async () => {
    const fake = server((body) => ok({ ...CONFIG, ...body, updatedAt: '2026-03-02T08:00:00.000Z' }));
    renderApp({ path: '/project/uimanage', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const footer = await screen.findByTestId('ui-footer');
    expect((footer as HTMLTextAreaElement).value).toBe('心衰研究组');
    expect(screen.getByTestId('ui-portal-link').textContent).toContain('/portal/hf');
    expect(screen.getByTestId('ui-preview-loginLogo').textContent).toBe('None');

    fireEvent.change(screen.getByTestId('ui-footer-en'), { target: { value: 'Heart failure group' } });
    fireEvent.click(screen.getByTestId('ui-save'));
    await waitFor(() => expect(fake.saved).toHaveLength(1));
    expect(fake.saved[0]).toEqual({ projectId: 5, footer: '心衰研究组', footerEn: 'Heart failure group', loginUrl: 'hf', description: null, notice: null, noticeEn: null });
    expect(await screen.findByText('Operation success')).toBeDefined();
  });

  it('refuses a logo of the wrong ratio before sending it, and shows the server’s ratio refusal of one it reads differently', async () => {
    const fake = server(() => fail(422, RATIO_REFUSAL, { errorCode: 'ui.image_ratio' }));
    renderApp({ path: '/project/uimanage', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const input = await screen.findByTestId('ui-file-loginLogo');

    size = { width: 300, height: 100 };
    fireEvent.change(input, { target: { files: [logo()] } });
    expect((await screen.findByTestId('ui-problem-loginLogo')).textContent).toBe('The image must have a ratio of 1:1; the one chosen is 300×100');
    expect(screen.getByTestId('ui-preview-loginLogo').textContent).toBe('None');

    size = { width: 64, height: 64 };
    fireEvent.change(input, { target: { files: [logo()] } });
    await waitFor(() => expect(screen.getByTestId('ui-preview-loginLogo').querySelector('img')).not.toBeNull());
    expect(screen.queryByTestId('ui-problem-loginLogo')).toBeNull();
    fireEvent.click(screen.getByTestId('ui-save'));
    expect(await screen.findByText(RATIO_REFUSAL)).toBeDefined();
    expect(fake.saved).toHaveLength(1);
    expect(String(fake.saved[0]?.loginLogo)).toMatch(/^data:image\/png;base64,/);
    expect(fake.saved[0]).not.toHaveProperty('bigLogo');
    // The form keeps what was typed and chosen, to correct and save again.
    expect(screen.getByTestId('ui-preview-loginLogo').querySelector('img')).not.toBeNull();
  });
});
