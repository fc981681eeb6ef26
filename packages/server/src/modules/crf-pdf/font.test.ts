import { PassThrough } from 'node:stream';
import { AppError } from '@dcap/core';
import { describe, expect, it } from 'vitest';
import { renderBlankCrf } from './blank.js';
import { fontFiles, loadFonts, parseFontSetting } from './font.js';
import { pdfText } from './pdf-text.fixture.js';

const unset = { pdfFont: { regular: undefined, bold: undefined } };

describe('the font of CRF PDFs', () => {
  it('takes Noto Sans CJK SC of fonts-noto-cjk unless PDF_FONT names a file, with a face after # for a collection', () => {
    expect(fontFiles(unset).regular).toEqual({ path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' });
    expect(parseFontSetting('/fonts/a.ttc#SourceHanSansSC-Regular')).toEqual({ path: '/fonts/a.ttc', face: 'SourceHanSansSC-Regular' });
    expect(parseFontSetting('/fonts/b.ttf')).toEqual({ path: '/fonts/b.ttf', face: undefined });
    // A configured regular font without a bold one serves headings too.
    const own = fontFiles({ pdfFont: { regular: '/fonts/b.ttf', bold: undefined } });
    expect(own.bold).toEqual(own.regular);
  });

  it('refuses with a catalogue error when the font file is missing', () => {
    let caught: unknown;
    try {
      loadFonts({ pdfFont: { regular: '/nonexistent/font.ttf', bold: undefined } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('crf.font_missing');
    expect((caught as AppError).status).toBe(503);
  });

  it('renders Chinese text that reads back, embedding only a subset of the face', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    await renderBlankCrf(
      loadFonts(unset),
      {
        design: { instruments: [], events: [], matrix: [] },
        locale: 'zh-CN',
        study: { code: 'FONT', name: '字体研究', nameEn: null },
        source: { kind: 'draft' },
        generatedAt: '2026-03-01T08:00:00+08:00',
        timeZone: 'Asia/Shanghai',
      },
      sink,
    );
    const pdf = Buffer.concat(chunks);
    const { text } = await pdfText(pdf);
    expect(text).toContain('字体研究');
    expect(text).toContain('此设计中没有访视或表单。');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    expect(pdf.length).toBeLessThan(200_000);
  });
});
