import type { ChainReport, Finding } from './verify.js';

/** The verifier's exit codes (docs/security.md, "Running the verifier"). */
export const EXIT = { intact: 0, failed: 1, tampered: 2, sealsUnchecked: 3 } as const;

/** Past this many, findings are counted rather than listed. */
const MAX_LINES = 100;

/** One finding as a line naming its kind and row. */
export function describeFinding(finding: Finding): string {
  switch (finding.kind) {
    case 'edited_row':
      return `EDITED ROW: row ${finding.id} (chain ${finding.chain}): its content no longer matches its hash.`;
    case 'deleted_row':
      return finding.afterId === null
        ? `DELETED ROW: row ${finding.id} (chain ${finding.chain}) is the first of its chain but does not start it: rows before it were removed.`
        : `DELETED ROW: row ${finding.id} (chain ${finding.chain}) does not link to row ${finding.afterId} before it: rows between them were removed.`;
    case 'removed_tail':
      return (
        `REMOVED TAIL: chain ${finding.chain} was sealed up to row ${finding.sealedLastId} (${finding.sealedRows} rows) ` +
        `but ends ${finding.lastId === null ? 'with no rows' : `at row ${finding.lastId} (${finding.rows} rows)`}: its newest rows were removed.`
      );
    case 'recomputed_chain':
      return (
        `RECOMPUTED CHAIN: chain ${finding.chain}, row ${finding.id}: the hashes link up but do not match the seal ` +
        `(${finding.sealedRows} rows sealed up to here, ${finding.rows} now): the chain was rebuilt.`
      );
    case 'forged_seal':
      return `FORGED SEAL: the seal of chain ${finding.chain} at row ${finding.id} (${finding.source === 'file' ? 'seal file' : 'database'}) does not verify with the seal key.`;
    case 'deleted_seal':
      return `DELETED SEAL: the seal of chain ${finding.chain} at row ${finding.id} is in the seal file but not in the database.`;
  }
}

/** The verifier's lines and exit code for a report. */
export function summarise(report: ChainReport): { lines: string[]; code: number } {
  const lines: string[] = [];
  const counted = `${report.rows} rows in ${report.chains} chain${report.chains === 1 ? '' : 's'}`;
  if (report.sealsOtherKey > 0 && report.sealsChecked !== null) lines.push(`Note: ${report.sealsOtherKey} seals were made with another key and were not checked.`);
  if (report.findings.length > 0) {
    lines.push(...report.findings.slice(0, MAX_LINES).map(describeFinding));
    if (report.findings.length > MAX_LINES) lines.push(`… and ${report.findings.length - MAX_LINES} more findings.`);
    lines.push(`Audit trail BROKEN: ${report.findings.length} finding${report.findings.length === 1 ? '' : 's'} in ${counted}.`);
    return { lines, code: EXIT.tampered };
  }
  if (report.sealsChecked === null) {
    lines.push(`Audit trail consistent: ${counted} verified, but the seals were NOT checked: no seal key (AUDIT_SEAL_KEY, or the key file in DATA_DIR).`);
    return { lines, code: EXIT.sealsUnchecked };
  }
  lines.push(`Audit trail intact: ${counted} verified; ${report.sealsChecked} seals match; ${report.unsealedRows} rows not yet sealed.`);
  return { lines, code: EXIT.intact };
}
