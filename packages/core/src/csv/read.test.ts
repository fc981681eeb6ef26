import { describe, expect, it } from 'vitest';
import { parseCsv } from './read.js';

describe('CSV of a data dictionary', () => {
  it('reads plain fields, CRLF and LF line ends, and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n1,2,3\n4,,6')).toEqual({ ok: true, rows: [['a', 'b', 'c'], ['1', '2', '3'], ['4', '', '6']] });
  });

  it('keeps commas, line breaks and doubled quotes inside quotes', () => {
    const result = parseCsv('x,"1, Yes | 2, No","line one\nline two","say ""hi"""\n');
    expect(result).toEqual({ ok: true, rows: [['x', '1, Yes | 2, No', 'line one\nline two', 'say "hi"']] });
  });

  it('skips blank lines and keeps empty trailing fields', () => {
    expect(parseCsv('a,b,\n\n\nc,d,\n')).toEqual({ ok: true, rows: [['a', 'b', ''], ['c', 'd', '']] });
  });

  it('keeps Chinese text and a quote in the middle of an unquoted field as written', () => {
    expect(parseCsv('体重,5" tall')).toEqual({ ok: true, rows: [['体重', '5" tall']] });
  });

  it('refuses a quote that is never closed, naming the line it opened on', () => {
    expect(parseCsv('a,b\nc,"open\nmore\n')).toEqual({ ok: false, line: 2 });
  });

  it('reads an empty text as no rows', () => {
    expect(parseCsv('')).toEqual({ ok: true, rows: [] });
  });
});

describe('CSV options of an import sheet', () => {
  it('detects a semicolon or tab separator from the first line, a comma winning over both', () => {
    expect(parseCsv('a;b\n1;2', { separator: 'detect' })).toEqual({ ok: true, rows: [['a', 'b'], ['1', '2']] });
    expect(parseCsv('a\tb\n1\t2', { separator: 'detect' })).toEqual({ ok: true, rows: [['a', 'b'], ['1', '2']] });
    expect(parseCsv('a,b;c\n1,2;3', { separator: 'detect' })).toEqual({ ok: true, rows: [['a', 'b;c'], ['1', '2;3']] });
  });

  it('keeps blank lines when asked, so row numbers match the spreadsheet', () => {
    expect(parseCsv('a\n\nb\n', { keepBlankLines: true })).toEqual({ ok: true, rows: [['a'], [''], ['b']] });
    expect(parseCsv('a\n\nb\n')).toEqual({ ok: true, rows: [['a'], ['b']] });
  });
});
