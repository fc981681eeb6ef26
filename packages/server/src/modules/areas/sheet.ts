import type { Locale } from '@dcap/core';
import { AREA_SHEET_COLUMNS, parseCsv } from '@dcap/core';
import readXlsxFile from 'read-excel-file/node';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMN_LABELS: Record<Locale, Record<(typeof AREA_SHEET_COLUMNS)[number], string>> = {
  'zh-CN': { code: '区域编码', parentCode: '上级编码', name: '中文名称', nameEn: '英文名称', longitude: '经度', latitude: '纬度', sort: '排序' },
  'en-US': { code: 'Code', parentCode: 'Parent code', name: 'Chinese name', nameEn: 'English name', longitude: 'Longitude', latitude: 'Latitude', sort: 'Sort' },
};
const SHEET_NAME: Record<Locale, string> = { 'zh-CN': '区域导入', 'en-US': 'Area import' };

/** GET /dcap/sys/area/exportTemplate: the header row in the caller's language and two example rows. */
export async function areaTemplate(locale: Locale): Promise<Buffer> {
  const header: Row = AREA_SHEET_COLUMNS.map((column) => ({ value: COLUMN_LABELS[locale][column], fontWeight: 'bold' as const }));
  const examples: Row[] = [
    ['440000', 'CN', '广东省', 'Guangdong', 113.26, 23.13, 19],
    ['440100', '440000', '广州市', 'Guangzhou', 113.26, 23.13, 1],
  ];
  return writeXlsxFile([{ sheet: SHEET_NAME[locale], data: [header, ...examples], stickyRowsCount: 1 }], {}).toBuffer();
}

const isZip = (file: Buffer) => file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

/**
 * The rows after the header of an uploaded area sheet, each cell as text: an xlsx file (known by its zip
 * signature) or CSV text in UTF-8 (core parseCsv; comma, semicolon or tab). Null when it cannot be read.
 */
export async function readAreaSheet(file: Buffer): Promise<(string | null)[][] | null> {
  if (isZip(file)) {
    try {
      const [first] = await readXlsxFile(file);
      if (!first) return null;
      return first.data.slice(1).map((row) => row.map((cell) => (cell === null ? null : cell instanceof Date ? cell.toISOString() : String(cell))));
    } catch {
      return null;
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file);
  if (text.includes('\uFFFD') || text.includes('\u0000')) return null;
  const parsed = parseCsv(text, { separator: 'detect', keepBlankLines: true });
  return parsed.ok ? parsed.rows.slice(1) : null;
}
