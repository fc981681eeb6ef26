import type { Executor } from './repo.js';
import { readChainPage } from './repo.js';
import type { SealedHead } from './seal.js';
import { sealVerifies } from './seal.js';
import type { SealKey } from './seal-key.js';

/**
 * What the verifier can find (COMPLIANCE IM-3; docs/security.md, "Running the verifier"):
 * - `edited_row`: a row's content no longer matches its stored hash.
 * - `deleted_row`: a row does not link to the row before it in its chain: rows between were removed.
 * - `removed_tail`: a seal names rows past the chain's end: the newest rows were removed.
 * - `recomputed_chain`: the hashes are consistent, but the row a seal names carries another hash, or the
 *   chain up to it holds another number of rows: the chain was rebuilt after a change.
 * - `forged_seal`: a seal made with this key's id whose MAC does not verify.
 * - `deleted_seal`: a seal written out to the seal file is missing from the database.
 */
export type Finding =
  | { kind: 'edited_row'; chain: number; id: number }
  | { kind: 'deleted_row'; chain: number; id: number; afterId: number | null }
  | { kind: 'removed_tail'; chain: number; sealedLastId: number; sealedRows: number; lastId: number | null; rows: number }
  | { kind: 'recomputed_chain'; chain: number; id: number; sealedRows: number; rows: number }
  | { kind: 'forged_seal'; chain: number; id: number; source: SealSource }
  | { kind: 'deleted_seal'; chain: number; id: number };

export type SealSource = 'database' | 'file';

/** A seal as read from the database or the seal file, before its MAC is checked. */
export interface StoredSeal extends SealedHead {
  source: SealSource;
}

export interface ChainReport {
  rows: number;
  chains: number;
  findings: Finding[];
  /** Seals checked against the chains; null when no key was available to check them with. */
  sealsChecked: number | null;
  /** Seals made with another key, which this key cannot check. */
  sealsOtherKey: number;
  /** Rows past each chain's latest seal, not yet sealed (normal between sealing runs). */
  unsealedRows: number;
}

const GENESIS = 'genesis';
const PAGE = 5000;

interface ChainState {
  prevHash: string;
  prevId: number | null;
  rows: number;
  /** A row of this chain was already reported, so later seals' row counts are expected to differ. */
  reported: boolean;
  seals: SealedHead[];
  nextSeal: number;
  /** Rows counted at the latest seal matched so far. */
  sealedRows: number;
}

/** Checks each seal's MAC and sorts the good ones per chain; a bad MAC or a seal missing from the database is a finding. */
function sortSeals(stored: StoredSeal[], key: SealKey | null, findings: Finding[]): { perChain: Map<number, SealedHead[]>; checked: number; otherKey: number } {
  const perChain = new Map<number, SealedHead[]>();
  let otherKey = 0;
  if (!key) return { perChain, checked: 0, otherKey: stored.length };
  const seen = new Set<string>();
  const inDatabase = new Set(stored.filter((seal) => seal.source === 'database').map((seal) => seal.mac));
  for (const seal of stored) {
    if (seal.keyId !== key.id) {
      otherKey += 1;
      continue;
    }
    if (!sealVerifies(key, seal)) {
      findings.push({ kind: 'forged_seal', chain: seal.chain, id: seal.lastId, source: seal.source });
      continue;
    }
    if (seen.has(seal.mac)) continue;
    seen.add(seal.mac);
    if (seal.source === 'file' && !inDatabase.has(seal.mac)) findings.push({ kind: 'deleted_seal', chain: seal.chain, id: seal.lastId });
    const list = perChain.get(seal.chain) ?? [];
    list.push(seal);
    perChain.set(seal.chain, list);
  }
  for (const list of perChain.values()) list.sort((a, b) => a.lastId - b.lastId);
  return { perChain, checked: seen.size, otherKey };
}

function stateOf(states: Map<number, ChainState>, perChain: Map<number, SealedHead[]>, chain: number): ChainState {
  let state = states.get(chain);
  if (!state) {
    state = { prevHash: GENESIS, prevId: null, rows: 0, reported: false, seals: perChain.get(chain) ?? [], nextSeal: 0, sealedRows: 0 };
    states.set(chain, state);
  }
  return state;
}

/** Compares the seals up to row `id` (the row just read, or Infinity at the end) with the chain as read. */
function checkSeals(state: ChainState, chain: number, id: number, hash: string | null, findings: Finding[]): void {
  for (; state.nextSeal < state.seals.length; state.nextSeal += 1) {
    const seal = state.seals[state.nextSeal];
    if (!seal || seal.lastId > id) return;
    if (seal.lastId === id) {
      const countDiffers = seal.rowCount !== state.rows && !state.reported;
      if (seal.lastHash !== hash || countDiffers) {
        findings.push({ kind: 'recomputed_chain', chain, id, sealedRows: seal.rowCount, rows: state.rows });
        state.reported = true;
      }
      state.sealedRows = state.rows;
    } else if (!state.reported) {
      // The sealed row is gone yet its successor links up: the chain was rebuilt around the gap.
      findings.push({ kind: 'recomputed_chain', chain, id: seal.lastId, sealedRows: seal.rowCount, rows: state.rows });
      state.reported = true;
    }
  }
}

/**
 * Walks every chain in id order, row by row, and compares each chain with its seals. Each row is checked
 * against its own hash (edited) and its predecessor in the chain (deleted); each seal against the row it
 * names and the rows counted up to it (recomputed), and seals past a chain's end reveal a removed tail.
 * Seals must be read before the rows, so every seal names rows that were committed before the walk began.
 */
export async function verifyAuditChains(db: Executor, options: { key: SealKey | null; seals: StoredSeal[] }): Promise<ChainReport> {
  const findings: Finding[] = [];
  const { perChain, checked, otherKey } = sortSeals(options.seals, options.key, findings);
  const states = new Map<number, ChainState>();
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await readChainPage(db, afterId, PAGE);
    for (const link of page) {
      rows += 1;
      const state = stateOf(states, perChain, link.chain);
      state.rows += 1;
      if (link.digest !== link.hash) {
        findings.push({ kind: 'edited_row', chain: link.chain, id: link.id });
        state.reported = true;
      }
      if (link.prevHash !== state.prevHash) {
        findings.push({ kind: 'deleted_row', chain: link.chain, id: link.id, afterId: state.prevId });
        state.reported = true;
      }
      checkSeals(state, link.chain, link.id, link.hash, findings);
      state.prevHash = link.hash;
      state.prevId = link.id;
      afterId = link.id;
    }
    if (page.length < PAGE) break;
  }
  for (const chain of perChain.keys()) stateOf(states, perChain, chain);
  let unsealedRows = 0;
  for (const [chain, state] of states) {
    const beyond = state.seals.slice(state.nextSeal);
    const furthest = beyond.at(-1);
    if (furthest) {
      findings.push({ kind: 'removed_tail', chain, sealedLastId: furthest.lastId, sealedRows: furthest.rowCount, lastId: state.prevId, rows: state.rows });
    } else {
      unsealedRows += state.rows - state.sealedRows;
    }
  }
  return { rows, chains: states.size, findings, sealsChecked: options.key ? checked : null, sealsOtherKey: otherKey, unsealedRows };
}

export type ChainVerdict =
  | { intact: true; rows: number }
  | { intact: false; rows: number; brokenId: number; problem: 'content_changed' | 'link_broken' };

/** The chains' own consistency, without seals: intact, or the first edited or unlinked row. */
export async function verifyAuditChain(db: Executor): Promise<ChainVerdict> {
  const report = await verifyAuditChains(db, { key: null, seals: [] });
  const first = report.findings.find((finding) => finding.kind === 'edited_row' || finding.kind === 'deleted_row');
  if (!first) return { intact: true, rows: report.rows };
  return { intact: false, rows: report.rows, brokenId: first.id, problem: first.kind === 'edited_row' ? 'content_changed' : 'link_broken' };
}
