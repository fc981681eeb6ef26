import { describe, expect, it } from 'vitest';
import { CODING_EXPORT_PARTS, codingColumnName, csvCell, csvLine, exportValueText, guardFormula, wideColumnName } from './columns.js';
import { EXPORT_FORMATS_OF, exportRequestSchema } from './schema.js';

describe('export columns and cells (docs/decisions.md, "Exports")', () => {
  it('names wide columns by panel, repeat, field and table row', () => {
    expect(wideColumnName('DM', 1, 'SEX')).toBe('DM.SEX');
    expect(wideColumnName('AE', 2, 'AETERM')).toBe('AE[2].AETERM');
    expect(wideColumnName('CM', 1, 'CMTAB', 3, 'CMDOSE')).toBe('CM.CMTAB[3].CMDOSE');
    expect(wideColumnName('CM', 2, 'CMTAB', 1, 'CMDOSE')).toBe('CM[2].CMTAB[1].CMDOSE');
  });

  it('names a coded value’s columns after its own, code, term, hierarchy and state in that order', () => {
    expect(CODING_EXPORT_PARTS.map((part) => codingColumnName(wideColumnName('AE', 1, 'AETAB', 2, 'AETERM'), part))).toEqual([
      'AE.AETAB[2].AETERM:code',
      'AE.AETAB[2].AETERM:term',
      'AE.AETAB[2].AETERM:path',
      'AE.AETAB[2].AETERM:state',
    ]);
  });

  it('guards text a spreadsheet would read as a formula, but not numbers written as text', () => {
    for (const text of ['=1+1', '+A1', '-cmd', '@SUM(A1)', '\tx', '\rx']) expect(guardFormula(text)).toBe(`'${text}`);
    for (const text of ['-3', '-3.5', '+1e-3', '12', 'abc', '', 'a=b']) expect(guardFormula(text)).toBe(text);
  });

  it('quotes cells with commas, quotes and line breaks (RFC 4180) and ends lines with CRLF', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(1.5)).toBe('1.5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('writes values as text: strings as they are, numbers exactly, lists as JSON', () => {
    expect(exportValueText('中文')).toBe('中文');
    expect(exportValueText(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(exportValueText(['1', '2'])).toBe('["1","2"]');
    expect(exportValueText(null)).toBe('');
  });

  it('takes a request with defaults and refuses unknown modules, formats and extra keys', () => {
    // The format is left to the module's first (EXPORT_FORMATS_OF) when not given.
    expect(exportRequestSchema.parse({ module: 'subjectData' })).toMatchObject({ layout: 'wide', odmMode: 'snapshot', dictionary: true });
    expect(exportRequestSchema.parse({ module: 'subjectData' }).format).toBeUndefined();
    expect(EXPORT_FORMATS_OF.subjectData[0]).toBe('csv');
    expect(EXPORT_FORMATS_OF.crfReport).toEqual(['pdf']);
    expect(exportRequestSchema.safeParse({ module: 'everything' }).success).toBe(false);
    expect(exportRequestSchema.safeParse({ module: 'subjectData', format: 'docx' }).success).toBe(false);
    expect(exportRequestSchema.safeParse({ module: 'subjectData', format: 'odm', odmMode: 'partial' }).success).toBe(false);
    expect(exportRequestSchema.safeParse({ module: 'subjectData', sql: 'DROP' }).success).toBe(false);
    expect(exportRequestSchema.safeParse({ module: 'subjectData', timeZone: 'Mars/Base' }).success).toBe(false);
  });
});
