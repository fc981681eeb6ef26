import type { FormIndex, Locale } from '@dcap/core';
import { fieldTitle, IMPORT_HEADINGS, importableFields, SUBJECT_KEY, VISIT_KEY } from '@dcap/core';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { FileReply } from '../../http/route.js';
import { XLSX } from '../attachments/sheet.js';
import type { SnapshotInstrument } from '../publishing/snapshot.js';

/**
 * The import template of a panel (docs/decisions.md "Record import"): the subject and visit columns, then one
 * column per field a sheet may fill, titled in the caller's language; then a row of the keys (the reader
 * matches either and skips the key row).
 */
export async function importTemplate(instrument: SnapshotInstrument, index: FormIndex, locale: Locale): Promise<FileReply> {
  const fields = importableFields(index);
  const titles: Row = [IMPORT_HEADINGS.subject[locale], IMPORT_HEADINGS.visit[locale], ...fields.map((widget) => fieldTitle(widget, locale))].map((value) => ({ value, fontWeight: 'bold' as const }));
  const keys: Row = [SUBJECT_KEY, VISIT_KEY, ...fields.map((widget) => widget.model)].map((value) => ({ value, color: '#888888' }));
  const title = locale === 'en-US' && instrument.nameEn ? instrument.nameEn : instrument.name;
  const sheet = title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Sheet1';
  const body = await writeXlsxFile([{ sheet, data: [titles, keys], stickyRowsCount: 2 }], {}).toBuffer();
  return { contentType: XLSX, filename: `${instrument.nameAbbr}-import-template.xlsx`, body };
}
