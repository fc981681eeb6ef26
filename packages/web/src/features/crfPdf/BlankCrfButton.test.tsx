import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesignVersion } from '@dcap/core';
import { fakeServer, ok } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, makeInstrument, renderDesignPage } from '../studyBuild/designTestKit';

const V1: DesignVersion = { version: 1, publishedAt: '2025-03-01T08:00:00.000Z', publishedBy: '张伟', note: 'first cut', environments: ['uat'] };
const PATH = '/dCapVue/design/publish';
const FIRST = { timeout: 20_000 };

const pdf = { body: null, text: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename=\"P-blank-crf.pdf\"; filename*=UTF-8''P-blank-crf.pdf" } };

/** The files the page hands to the browser; jsdom has no object URLs and does not save links. */
function captureDownloads(): string[] {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test/1' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the blank CRF download on the publishing page', { timeout: 60_000 }, () => {
  it('downloads the draft’s blank CRF in the chosen language', async () => {
    const saved = captureDownloads();
    const fake = fakeServer({ 'GET /sys/init': () => ok(designInit()), 'GET /project/design/versions/5': () => ok([V1]), 'GET /crf/blank': () => pdf });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('blank-crf-pdf', {}, FIRST));
    fireEvent.click(await screen.findByText('Chinese edition', {}, FIRST));
    await waitFor(() => expect(saved).toEqual(['P-blank-crf.pdf']));
    const request = fake.requests.find((candidate) => candidate.path === '/crf/blank');
    expect(request?.search.get('source')).toBe('draft');
    expect(request?.search.get('lang')).toBe('zh-CN');
  });

  it('downloads one panel’s blank CRF from its row in the instrument list', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(designInit()),
      'GET /project/instrument/list/5': () => ok([makeInstrument(11, 'DM')]),
      'GET /project/design/versions/5': () => ok([V1]),
      'GET /crf/blank': () => pdf,
    });
    captureDownloads();
    renderDesignPage({ path: '/dCapVue/design/instruments', fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('blank-crf-pdf-11', {}, FIRST));
    fireEvent.click(await screen.findByText('English edition', {}, FIRST));
    await waitFor(() => expect(fake.requests.find((candidate) => candidate.path === '/crf/blank')?.search.get('instrumentId')).toBe('11'));
  });

  it('is not offered to a role that does not design', async () => {
    const fake = fakeServer({ 'GET /sys/init': () => ok(designInit({ access: DATA_ENTRY_ONLY })), 'GET /project/design/versions/5': () => ok([V1]) });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await screen.findByText('first cut', {}, FIRST);
    expect(screen.queryByTestId('blank-crf-pdf')).toBeNull();
  });
});
