import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OdmReferenceProblem, XmlElement } from '@dcap/core';
import { allElements, checkOdmReferences, parseXml } from '@dcap/core';
import { expect } from 'vitest';

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
