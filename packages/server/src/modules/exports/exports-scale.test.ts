import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExportTask } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import type { GeneratedStudy } from '../../test/generated-study.js';
import { GENERATED_ABBR, buildGeneratedStudy, generatedValue } from '../../test/generated-study.js';
import { forEachSheetRow, parseCsv, readWorkbook } from './exports.fixture.js';

/**
 * A study of a real size: 1,000 subjects × 5 visits × 100 fields (500,000 values), seeded with set-based SQL,
 * exported as CSV and xlsx, wide and long, and every value read back. On the PostgreSQL server only: the
 * embedded database would take minutes to seed and read it.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const SUBJECTS = 1000;
const VISITS = 5;
const FIELDS = 100;

let t: TestContext;
let study: GeneratedStudy;
let dataDir: string;

beforeAll(async () => {
  if (!onServer) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-export-scale-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  study = await buildGeneratedStudy(t.app, ADMIN, { code: 'SCALE', subjects: SUBJECTS, visits: VISITS, fields: FIELDS });
});
afterAll(async () => {
  if (!onServer) return;
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function exportFile(body: Record<string, unknown>): Promise<Buffer> {
  const created = await t.call('POST', '/dcap/export/task/create', { token: study.token, body: { module: 'subjectData', dictionary: false, ...body } });
  expect(created.status, created.body.msg).toBe(200);
  const id = (created.body.data as ExportTask).id;
  await t.app.jobs.drain();
  const task = (await t.call('GET', `/dcap/export/task/detail?id=${String(id)}`, { token: study.token })).body.data as ExportTask;
  expect(task).toMatchObject({ status: 'finished', progress: { done: SUBJECTS, total: SUBJECTS } });
  const reply = await t.request({ method: 'GET', url: `/dcap/export/task/download?id=${String(id)}`, headers: { token: study.token } });
  expect(reply.statusCode).toBe(200);
  expect(reply.rawPayload.length).toBe(task.sizeBytes);
  return reply.rawPayload;
}

const subjectNumber = (label: unknown) => Number(String(label).slice(1));
const visitNumber = (name: unknown) => Number(String(name).replace('访视', ''));

/** Checks a wide table: one row per subject and visit, each field's value in its column. */
function checkWide(rows: unknown[][], asText: boolean): void {
  const [header, ...data] = rows;
  expect(header?.slice(5)).toEqual(study.fields.map((field) => `${GENERATED_ABBR}.${field.model}`));
  expect(data).toHaveLength(SUBJECTS * VISITS);
  let checked = 0;
  for (const row of data) {
    const s = subjectNumber(row[0]);
    const v = visitNumber(row[3]);
    study.fields.forEach((field, index) => {
      const expected = generatedValue(field.kind, s, v, index + 1);
      const cell = row[5 + index];
      if (asText ? cell !== String(expected) : cell !== expected) throw new Error(`S${String(s)} visit ${String(v)} ${field.model}: ${String(cell)} is not ${String(expected)}`);
      checked += 1;
    });
  }
  expect(checked).toBe(SUBJECTS * VISITS * FIELDS);
}

/** Checks a long table: one row per value, each exactly once. */
function checkLong(rows: unknown[][], asText: boolean): void {
  const [header, ...data] = rows;
  expect(header?.slice(0, 8)).toEqual(['subject', 'site', 'visit', 'visitRepeat', 'panel', 'panelRepeat', 'path', 'value']);
  expect(data).toHaveLength(SUBJECTS * VISITS * FIELDS);
  const seen = new Set<string>();
  const position = new Map(study.fields.map((field, index) => [field.model, index]));
  for (const row of data) {
    const s = subjectNumber(row[0]);
    const v = visitNumber(row[2]);
    const index = position.get(String(row[6])) ?? -1;
    const field = study.fields[index];
    if (!field) throw new Error(`unknown path ${String(row[6])}`);
    const expected = generatedValue(field.kind, s, v, index + 1);
    if (asText ? row[7] !== String(expected) : row[7] !== expected) throw new Error(`S${String(s)} visit ${String(v)} ${field.model}: ${String(row[7])} is not ${String(expected)}`);
    seen.add(`${String(s)}|${String(v)}|${field.model}`);
  }
  expect(seen.size).toBe(SUBJECTS * VISITS * FIELDS);
}

describe.skipIf(!onServer)('a study of 1,000 subjects × 5 visits × 100 fields', () => {
  it('exports wide CSV with every value', async () => {
    checkWide(parseCsv((await exportFile({ format: 'csv', layout: 'wide' })).toString('utf8')), true);
  });
  it('exports long CSV with every value', async () => {
    checkLong(parseCsv((await exportFile({ format: 'csv', layout: 'long' })).toString('utf8')), true);
  });
  it('exports wide xlsx with every value', async () => {
    const book = await readWorkbook(await exportFile({ format: 'xlsx', layout: 'wide' }));
    checkWide(book.data ?? [], false);
  });
  it('exports long xlsx with every value', async () => {
    // Half a million rows: read as the file streams out (read-excel-file would hold them all as objects).
    const rows: unknown[][] = [];
    forEachSheetRow(await exportFile({ format: 'xlsx', layout: 'long' }), 'xl/worksheets/sheet1.xml', (cells) => rows.push(cells.slice(0, 8)));
    checkLong(rows, false);
  });
});
