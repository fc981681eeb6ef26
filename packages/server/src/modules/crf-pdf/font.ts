import { existsSync, readFileSync } from 'node:fs';
import { AppError } from '@dcap/core';
import type { Config } from '../../config.js';

/** A font file and, for a collection (TTC), the PostScript name of the face to take from it. */
export interface FontFile {
  path: string;
  face: string | undefined;
}

export interface CrfFonts {
  regular: { data: Buffer; face: string | undefined };
  bold: { data: Buffer; face: string | undefined };
}

/**
 * Where a CRF PDF finds a font that holds Chinese glyphs (docs/decisions.md, "CRF PDFs"): `PDF_FONT` and
 * `PDF_FONT_BOLD` when set (a path, with `#FaceName` after it for a face of a collection), else Noto Sans
 * CJK SC from Debian's `fonts-noto-cjk`, which `.ci/run` installs and the README asks for. The PDF embeds
 * only the glyphs it uses.
 */
const DEBIAN_NOTO_CJK: { regular: FontFile; bold: FontFile } = {
  regular: { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  bold: { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', face: 'NotoSansCJKsc-Bold' },
};

export function parseFontSetting(setting: string): FontFile {
  const hash = setting.lastIndexOf('#');
  return hash > 0 ? { path: setting.slice(0, hash), face: setting.slice(hash + 1) || undefined } : { path: setting, face: undefined };
}

export function fontFiles(config: Pick<Config, 'pdfFont'>): { regular: FontFile; bold: FontFile } {
  const regular = config.pdfFont.regular ? parseFontSetting(config.pdfFont.regular) : DEBIAN_NOTO_CJK.regular;
  // A configured regular font without a bold one is used for headings too, rather than mixing families.
  const bold = config.pdfFont.bold ? parseFontSetting(config.pdfFont.bold) : config.pdfFont.regular ? regular : DEBIAN_NOTO_CJK.bold;
  return { regular, bold };
}

/**
 * Font bytes read once per process and path: a CJK collection is tens of megabytes, read from disk for
 * every PDF it would cost more than the PDF. The cache holds files, not state of the study.
 */
const cache = new Map<string, Buffer>();

function read(file: FontFile): { data: Buffer; face: string | undefined } {
  let data = cache.get(file.path);
  if (!data) {
    if (!existsSync(file.path)) throw new AppError('crf.font_missing');
    data = readFileSync(file.path);
    cache.set(file.path, data);
  }
  return { data, face: file.face };
}

export function loadFonts(config: Pick<Config, 'pdfFont'>): CrfFonts {
  const files = fontFiles(config);
  return { regular: read(files.regular), bold: read(files.bold) };
}
