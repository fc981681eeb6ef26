/**
 * The 17-segment bullseye plot of the left ventricle (spec 001 §3.7 and §9, spec 002 §3): segment names,
 * rings, the four suggested codes with their colours, and the worst value shown for the whole plot.
 */

export type BullseyeRing = 'basal' | 'mid' | 'apical' | 'apex';

export interface BullseyeSegment {
  /** The stored key, Segment1 … Segment17. */
  key: string;
  number: number;
  ring: BullseyeRing;
  name: string;
  nameEn: string;
}

const WALLS_SIX = [
  ['前壁', 'anterior'],
  ['前间隔', 'anteroseptal'],
  ['下间隔', 'inferoseptal'],
  ['下壁', 'inferior'],
  ['下侧壁', 'inferolateral'],
  ['前侧壁', 'anterolateral'],
] as const;
const WALLS_FOUR = [
  ['前壁', 'anterior'],
  ['间隔', 'septal'],
  ['下壁', 'inferior'],
  ['侧壁', 'lateral'],
] as const;

function segment(number: number, ring: BullseyeRing, name: string, nameEn: string): BullseyeSegment {
  return { key: `Segment${String(number)}`, number, ring, name, nameEn };
}

/** Spec 001 §9: basal 1-6, mid 7-12, apical 13-16, apex 17. */
export const BULLSEYE_SEGMENTS: readonly BullseyeSegment[] = [
  ...WALLS_SIX.map(([zh, en], index) => segment(index + 1, 'basal', `基底段${zh}`, `Basal ${en}`)),
  ...WALLS_SIX.map(([zh, en], index) => segment(index + 7, 'mid', `中间段${zh}`, `Mid ${en}`)),
  ...WALLS_FOUR.map(([zh, en], index) => segment(index + 13, 'apical', `心尖段${zh}`, `Apical ${en}`)),
  segment(17, 'apex', '心尖', 'Apex'),
];

/** Spec 001 §9: a plot shows 16 segments (without the apex) or all 17. */
export function bullseyeSegments(count: 16 | 17 = 17): readonly BullseyeSegment[] {
  return count === 16 ? BULLSEYE_SEGMENTS.filter((entry) => entry.ring !== 'apex') : BULLSEYE_SEGMENTS;
}

/**
 * The suggested codes and their colours are the panel contract's BULLSEYE_OPTIONS (spec 001 §3.7): 0 Normal
 * (frozen), 1 Abnormal, -9 Not Done, -1 Non-diagnostic. The categories below classify any code, including
 * codes a designer adds (spec 001 §5.2 turns an entered 0 into 999, an abnormal code).
 */

/** Spec 002 §3: 0 normal, above 0 abnormal, -1 not diagnosed (non-diagnostic), below -1 not done. */
export type BullseyeCategory = 'normal' | 'abnormal' | 'nonDiagnostic' | 'notDone';

/**
 * The worst first: an abnormal segment is the finding that calls for action; a non-diagnostic segment was
 * examined but could not be read, so it may hide an abnormality; a segment not done was not examined; the
 * plot is normal only when every coded segment is normal.
 */
export const BULLSEYE_SEVERITY: readonly BullseyeCategory[] = ['abnormal', 'nonDiagnostic', 'notDone', 'normal'];

function codeNumber(code: unknown): number | null {
  if (typeof code === 'number') return Number.isFinite(code) ? code : null;
  if (typeof code !== 'string' || !/^\s*-?\d+(?:\.\d+)?\s*$/.test(code)) return null;
  return Number(code);
}

/** The category of a code; blank, non-numeric codes and codes between -1 and 0 have none. */
export function bullseyeCategory(code: unknown): BullseyeCategory | null {
  const value = codeNumber(code);
  if (value === null) return null;
  if (value === 0) return 'normal';
  if (value > 0) return 'abnormal';
  if (value === -1) return 'nonDiagnostic';
  if (value < -1) return 'notDone';
  return null;
}

/**
 * The code of the worst segment (order in BULLSEYE_SEVERITY); among abnormal codes the highest, among
 * not-done codes the lowest. Null when no segment has a code.
 */
export function bullseyeWorstValue(codes: Iterable<unknown>): number | null {
  let worst: { rank: number; value: number } | null = null;
  for (const code of codes) {
    const category = bullseyeCategory(code);
    const value = codeNumber(code);
    if (category === null || value === null) continue;
    const rank = BULLSEYE_SEVERITY.indexOf(category);
    const better = worst === null || rank < worst.rank || (rank === worst.rank && Math.abs(value) > Math.abs(worst.value));
    if (better) worst = { rank, value };
  }
  return worst === null ? null : worst.value;
}
