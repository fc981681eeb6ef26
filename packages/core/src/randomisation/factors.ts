import type { ErrorCode } from '../errors/catalogue.js';
import type { StratificationFactor } from './scheme.js';

/**
 * Stratification factors exchanged with a remote randomisation system must match exactly: factor order,
 * option order, codes and labels (spec 002 §5). The remote side's list is read by its own client; this
 * compares the two and names the first difference, in the order a person reads the design.
 */

export type FactorMismatchKind = 'factorCode' | 'factorOrder' | 'factorLabel' | 'optionCode' | 'optionOrder' | 'optionLabel';

export interface FactorMismatch {
  kind: FactorMismatchKind;
  code: ErrorCode;
  params: Record<string, string | number>;
}

/** The factor and option fields compared; a remote list may carry fewer (no English labels). */
export type ComparedFactor = Pick<StratificationFactor, 'code' | 'name' | 'nameEn'> & {
  options: readonly Pick<StratificationFactor['options'][number], 'code' | 'label' | 'labelEn'>[];
};

/** Written where one side has no factor or option at a position. */
const NOTHING = '—';

const CODES: Record<FactorMismatchKind, ErrorCode> = {
  factorCode: 'randomisation.factor_code_mismatch',
  factorOrder: 'randomisation.factor_order_mismatch',
  factorLabel: 'randomisation.factor_label_mismatch',
  optionCode: 'randomisation.option_code_mismatch',
  optionOrder: 'randomisation.option_order_mismatch',
  optionLabel: 'randomisation.option_label_mismatch',
};

const mismatch = (kind: FactorMismatchKind, params: Record<string, string | number>): FactorMismatch => ({ kind, code: CODES[kind], params });

/**
 * The first position where two code lists differ: an order mismatch when both hold the same codes, a code
 * mismatch otherwise. Null when they are equal.
 */
function firstCodeDifference(local: readonly string[], remote: readonly string[]): { order: boolean; position: number; local: string; remote: string } | null {
  const position = Array.from({ length: Math.max(local.length, remote.length) }, (_, index) => index).find((index) => local[index] !== remote[index]);
  if (position === undefined) return null;
  const sorted = (codes: readonly string[]) => [...codes].sort().join('\u0000');
  return { order: sorted(local) === sorted(remote), position: position + 1, local: local[position] ?? NOTHING, remote: remote[position] ?? NOTHING };
}

/**
 * Labels differ when the primary labels differ, or when both sides give an English label and those differ:
 * a remote system that keeps one language is not a mismatch for lacking the other.
 */
function labelDifference(local: string, localEn: string | undefined, remote: string, remoteEn: string | undefined): { local: string; remote: string } | null {
  if (local !== remote) return { local, remote };
  if (localEn !== undefined && remoteEn !== undefined && localEn !== remoteEn) return { local: localEn, remote: remoteEn };
  return null;
}

/** The first mismatch between the local factors and the remote system's, or null when they match exactly. */
export function compareFactors(local: readonly ComparedFactor[], remote: readonly ComparedFactor[]): FactorMismatch | null {
  const factors = firstCodeDifference(local.map((factor) => factor.code), remote.map((factor) => factor.code));
  if (factors) {
    const { order, ...params } = factors;
    return mismatch(order ? 'factorOrder' : 'factorCode', params);
  }
  for (const [index, mine] of local.entries()) {
    const theirs = remote[index];
    if (!theirs) continue;
    const name = labelDifference(mine.name, mine.nameEn, theirs.name, theirs.nameEn);
    if (name) return mismatch('factorLabel', { factor: mine.code, ...name });
    const options = firstCodeDifference(mine.options.map((option) => option.code), theirs.options.map((option) => option.code));
    if (options) {
      const { order, ...params } = options;
      return mismatch(order ? 'optionOrder' : 'optionCode', { factor: mine.code, ...params });
    }
    for (const [position, option] of mine.options.entries()) {
      const other = theirs.options[position];
      const label = other && labelDifference(option.label, option.labelEn, other.label, other.labelEn);
      if (label) return mismatch('optionLabel', { factor: mine.code, option: option.code, ...label });
    }
  }
  return null;
}
