import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors/catalogue.js';
import { AGE, ARMS_2_TO_1, SEX, SITES, tableScheme } from './randomisation.fixture.js';
import { listStrata } from './strata.js';
import { generateTable } from './table.js';
import type { TableUploadResult } from './upload.js';
import { readUploadedTable, TABLE_UPLOAD_ROWS_MAX, tableUploadColumns } from './upload.js';

const scheme = tableScheme({ method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], factors: [AGE, SEX], stratifyBySite: true, tableSize: 6 });
const HEADER = ['randomNumber', 'arm', 'site', 'AGE', 'SEX', 'sequence', 'block'];
/** A row of stratum SITE01 | under 65 | male. */
const row = (number: string, arm: string, sequence: string, block: string, site = 'SITE01', age = '1', sex = 'M') => [number, arm, site, age, sex, sequence, block];
const read = (rows: string[][]) => readUploadedTable(scheme, SITES, rows);
const problems = (result: TableUploadResult) => (result.ok ? [] : result.problems.map((item) => `${item.row}:${item.column ?? '-'}:${item.code}`));

describe('an uploaded randomisation list (docs/decisions.md, "Randomisation")', () => {
  it('names its columns by the scheme: random number, arm, site, one per factor; sequence and block optional', () => {
    expect(tableUploadColumns(scheme)).toEqual({ required: ['randomNumber', 'arm', 'site', 'AGE', 'SEX'], optional: ['sequence', 'block'] });
    expect(tableUploadColumns(tableScheme({ method: 'simple', arms: ARMS_2_TO_1, tableSize: 5 }))).toEqual({ required: ['randomNumber', 'arm'], optional: ['sequence'] });
  });

  it('reads back a generated list as the same slots', () => {
    const generated = generateTable(scheme, 'feedfacefeedfacefeedfacefeedface', SITES);
    const strata = new Map(listStrata(scheme, SITES).map((stratum) => [stratum.key, stratum]));
    const rows = generated.map((slot) => {
      const stratum = strata.get(slot.stratum);
      return [slot.randomNumber, slot.arm, stratum?.site ?? '', stratum?.levels.AGE ?? '', stratum?.levels.SEX ?? '', String(slot.seq), String(slot.block)];
    });
    // Rows in any order: the sequence orders them within each stratum.
    expect(read([HEADER, ...rows.reverse()])).toEqual({ ok: true, slots: generated });
  });

  it('matches headers without regard to case or order, and numbers rows in file order when no sequence is given', () => {
    const result = read([
      ['SEX', 'Arm', 'RANDOMNUMBER', 'age', 'Site'],
      ['M', 'T', 'A-1', '1', 'SITE01'],
      ['', '', '', '', ''],
      ['F', 'C', 'A-2', '2', 'SITE02'],
      ['M', 'C', 'A-3', '1', 'SITE01'],
    ]);
    expect(result).toEqual({
      ok: true,
      slots: [
        { stratum: 'SITE01|AGE:1|SEX:M', seq: 1, block: null, blockSize: null, arm: 'T', randomNumber: 'A-1' },
        { stratum: 'SITE01|AGE:1|SEX:M', seq: 2, block: null, blockSize: null, arm: 'C', randomNumber: 'A-3' },
        { stratum: 'SITE02|AGE:2|SEX:F', seq: 1, block: null, blockSize: null, arm: 'C', randomNumber: 'A-2' },
      ],
    });
  });

  it('reports a header that lacks a column, names an unknown one or repeats one, and reads no row then', () => {
    expect(problems(read([['randomNumber', 'arm', 'ARM', 'site', 'AGE', 'colour'], row('R1', 'Z', '1', '1')]))).toEqual([
      '1:arm:randomisation.upload_duplicate_column',
      '1:colour:randomisation.upload_unknown_column',
      '1:SEX:randomisation.upload_missing_column',
    ]);
    const simple = tableScheme({ method: 'simple', arms: ARMS_2_TO_1, tableSize: 5 });
    expect(problems(readUploadedTable(simple, [], [['randomNumber', 'arm', 'block'], ['R1', 'T', '1']]))).toEqual(['1:block:randomisation.upload_unknown_column']);
  });

  it('reports a list without rows, and one of too many', () => {
    expect(problems(read([HEADER, ['', '', '', '', '', '', '']]))).toEqual(['1:-:randomisation.upload_empty']);
    const many = Array.from({ length: TABLE_UPLOAD_ROWS_MAX + 1 }, () => row('R1', 'T', '1', '1'));
    expect(problems(read([HEADER, ...many]))).toEqual(['1:-:randomisation.upload_too_many_rows']);
  });

  it('reports an unknown arm, site or factor option on its row and column', () => {
    const result = read([HEADER, row('R1', 'X', '1', '1'), row('R2', 'T', '1', '1', 'SITE09'), row('R3', 'T', '1', '1', 'SITE01', '3'), row('R4', 'T', '1', '1', 'SITE01', '1', 'm')]);
    expect(problems(result)).toEqual([
      '2:arm:randomisation.upload_unknown_arm',
      '3:site:randomisation.upload_unknown_site',
      '4:AGE:randomisation.upload_unknown_option',
      '5:SEX:randomisation.upload_unknown_option',
    ]);
    expect(!result.ok && result.problems[2]?.params).toEqual({ factor: 'AGE', value: '3' });
  });

  it('reports a missing value in each column that must have one', () => {
    const result = read([HEADER, row('R1', 'T', '1', '1'), row('R2', 'T', '2', '1'), row('R3', 'C', '3', '1'), ['R4', '', '', '', '', '', '']]);
    expect(problems(result)).toEqual(['arm', 'site', 'AGE', 'SEX', 'sequence', 'block'].map((column) => `5:${column}:randomisation.upload_missing_value`));
  });

  it('reports a duplicate random number with the row that has it first', () => {
    const result = read([HEADER, row('R1', 'T', '1', '1'), row('R2', 'T', '2', '1'), row('R1', 'C', '3', '1')]);
    expect(problems(result)).toEqual(['4:randomNumber:randomisation.upload_duplicate_number']);
    expect(!result.ok && errorMessage(result.problems[0]?.code ?? 'internal.error', 'en-US', result.problems[0]?.params)).toBe('The random number “R1” is also on row 2');
  });

  it('reports sequence gaps and repeats within a stratum, and a sequence that is not a positive whole number', () => {
    const header = HEADER.slice(0, -1);
    const unblocked = (number: string, sequence: string, site = 'SITE01') => row(number, 'T', sequence, '', site).slice(0, -1);
    const result = read([header, unblocked('R1', '1'), unblocked('R2', '2'), unblocked('R3', '4'), unblocked('R4', '4'), unblocked('R5', '0'), unblocked('R6', '7'), unblocked('R7', 'x')]);
    expect(problems(result)).toEqual([
      '4:sequence:randomisation.upload_sequence_gap',
      '5:sequence:randomisation.upload_duplicate_sequence',
      '6:sequence:randomisation.upload_sequence_invalid',
      '7:sequence:randomisation.upload_sequence_gap',
      '8:sequence:randomisation.upload_sequence_invalid',
    ]);
    expect(!result.ok && result.problems[0]?.params).toEqual({ stratum: 'SITE01|AGE:1|SEX:M', expected: 3, value: 4 });
    // Each stratum's sequence runs by itself: another stratum starts again at 1.
    expect(read([header, unblocked('R1', '1'), unblocked('R2', '2'), unblocked('R3', '1', 'SITE02')])).toMatchObject({ ok: true });
  });

  it('reports a block not balanced by the ratios when blocks are given, on its last row', () => {
    const result = read([HEADER, row('R1', 'T', '1', '1'), row('R2', 'C', '2', '1'), row('R3', 'C', '3', '1'), row('R4', 'T', '4', '2'), row('R5', 'T', '5', '2'), row('R6', 'C', '6', '2')]);
    expect(problems(result)).toEqual(['4:block:randomisation.upload_block_unbalanced']);
    const unbalanced = !result.ok ? result.problems[0] : undefined;
    expect(unbalanced && errorMessage(unbalanced.code, 'en-US', unbalanced.params)).toBe('Block 1 of stratum “SITE01|AGE:1|SEX:M” is not balanced: T=1, C=2 is not in the ratio 2:1');
    expect(problems(read([HEADER, row('R1', 'T', '1', '1'), row('R2', 'T', '2', '1'), row('R3', 'C', '3', '-1')]))).toEqual(['4:block:randomisation.upload_block_invalid']);
    // Six rows, 4 and 2, are a balanced block of six.
    expect(read([HEADER, ...['T', 'C', 'T', 'T', 'C', 'T'].map((arm, index) => row(`R${index + 1}`, arm, String(index + 1), '7'))])).toMatchObject({ ok: true });
  });

  it('reports a block whose rows are split by another block', () => {
    const rows = [row('R1', 'T', '1', '1'), row('R2', 'T', '2', '2'), row('R3', 'C', '3', '2'), row('R4', 'T', '4', '2'), row('R5', 'T', '5', '1'), row('R6', 'C', '6', '1')];
    expect(problems(read([HEADER, ...rows]))).toEqual(['6:block:randomisation.upload_block_split']);
  });
});
