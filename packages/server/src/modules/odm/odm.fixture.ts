import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OdmReferenceProblem, RecordPanel, Widget, XmlElement } from '@dcap/core';
import { allElements, checkOdmReferences, createWidget, evaluateForm, generateRules, parseXml, studyToday } from '@dcap/core';
import { expect } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { openRecordsStudy } from '../../test/records.fixture.js';
import type { Reply } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import { multipartForm } from '../attachments/attachments.fixture.js';

/** The repository's root, five folders above this file. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The official ODM 1.3.2 schema set sits beside every checkout (and in CI) under shared/schemas. */
export const ODM_XSD = path.resolve(ROOT, '../shared/schemas/odm-1.3.2/ODM1-3-2.xsd');

/**
 * Validates an ODM file with xmllint against the official schema and runs the OID reference checker on
 * it; fails the test on any complaint. A missing xmllint or schema fails too: nothing is skipped.
 */
export function expectValidOdm(xml: string): XmlElement {
  expect(fs.existsSync(ODM_XSD), `ODM schema missing at ${ODM_XSD}`).toBe(true);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'odm-')), 'file.xml');
  fs.writeFileSync(file, xml, 'utf8');
  let complaint = '';
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', ODM_XSD, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer };
    complaint = failure.code === 'ENOENT' ? 'xmllint is not installed (Debian package libxml2-utils)' : (failure.stderr?.toString('utf8') ?? String(error));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  expect(complaint, 'xmllint --schema ODM1-3-2.xsd').toBe('');
  const problems: OdmReferenceProblem[] = checkOdmReferences(xml);
  expect(problems, 'OID references').toEqual([]);
  return parseXml(xml);
}

/** Every element of a local name, in document order. */
export const elements = (root: XmlElement, local: string): XmlElement[] => [...allElements(root)].filter((element) => element.local === local);

/** A text sink collecting what the writer hands it, counting the writes. */
export function memorySink(): { write(text: string): Promise<void>; text(): string; writes: number } {
  const chunks: string[] = [];
  const sink = {
    writes: 0,
    write(text: string) {
      chunks.push(text);
      sink.writes += 1;
      return Promise.resolve();
    },
    text: () => chunks.join(''),
  };
  return sink;
}

/** The records study (test/records.fixture.ts) on a server configured with the ODM schema. */
export async function openOdmStudy(code: string): Promise<RecordsStudy> {
  const t = await createTestContext({ ODM_SCHEMA: ODM_XSD });
  const token = await t.signIn(ADMIN.username, ADMIN.password);
  return openRecordsStudy(code, { t, admin: { id: 1, username: ADMIN.username, token } });
}

/** Saves values into a panel instance as the renderer would: the form engine's values of what was typed. */
export async function saveValues(rs: RecordsStudy, who: Persona, id: number, typed: Record<string, unknown>, reasons: Record<string, unknown> = {}): Promise<void> {
  const panel = ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today: () => studyToday(rs.study.t.clock.now()) }).values;
  ok(await rs.study.t.call('POST', '/dcap/project/recordDataManage/save', { token: who.token, body: { panelInstanceId: id, version: panel.version, values, reasons } }));
}

/** A file download as text. */
export async function getFile(rs: RecordsStudy, who: Persona, url: string, lang = 'zh-CN'): Promise<{ status: number; text: string; type: string }> {
  const response = await rs.study.t.request({ method: 'GET', url, headers: { token: who.token, 'accept-language': lang } });
  return { status: response.statusCode, text: response.body, type: String(response.headers['content-type']) };
}

/** The design import call with an XML text as its file. */
export async function importFile(rs: RecordsStudy, who: Persona, projectId: number, xml: string, dryRun: boolean, lang = 'en-US'): Promise<Reply> {
  const form = multipartForm({ projectId, dryRun: String(dryRun) }, { name: 'study.xml', type: 'application/xml', bytes: Buffer.from(xml, 'utf8') });
  const response = await rs.study.t.request({ method: 'POST', url: '/dcap/project/design/importOdm', headers: { token: who.token, 'content-type': form.contentType, 'accept-language': lang }, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A palette widget with a readable key, labels in both languages (or Chinese only) and its rules. */
export function widgetOf(item: Parameters<typeof createWidget>[0], key: string, name: string, nameEn?: string, options: Partial<Widget['options']> = {}): Widget {
  const widget = createWidget(item, new Set());
  const made = { ...widget, key, model: key, name, nameEn, options: { ...widget.options, ...options } };
  return { ...made, rules: generateRules(made) };
}
