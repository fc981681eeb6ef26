import type { CodingDictionary, CodingTerm } from '@dcap/core';
import type { CodingTermRow } from '../../db/schema.js';
import type { DictionaryInfo } from './dictionary-repo.js';

/** Rows of the coding library as the wire shows them (docs/decisions.md "Coding library"). */
export function presentDictionary(row: DictionaryInfo): CodingDictionary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    version: row.version,
    language: row.language,
    licenceNote: row.licence_note,
    termCount: row.term_count,
    enabled: row.enabled,
    codingCount: row.coding_count,
    uploadedBy: row.uploaded_name ?? '',
    uploadedAt: row.uploaded_at.toISOString(),
  };
}

export function presentTerm(row: CodingTermRow): CodingTerm {
  return { code: row.code, term: row.term, termEn: row.term_en, level: row.level, parentCode: row.parent_code, path: row.path, pathEn: row.path_en };
}

/** What an audit row records of a dictionary: what it is, never its terms. */
export const auditedDictionary = (row: { name: string; kind: string; version: string; language: string; term_count: number; enabled: boolean }) => ({
  name: row.name,
  kind: row.kind,
  version: row.version,
  language: row.language,
  termCount: row.term_count,
  enabled: row.enabled,
});
