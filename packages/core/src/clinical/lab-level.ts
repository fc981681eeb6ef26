import { LAB_CLINICAL_SIGNIFICANCE_OPTIONS } from '../panels/factory-lab.js';
import type { OptionItem } from '../panels/schema.js';

/**
 * The result level of a lab value against its reference range, and the clinical significance it suggests
 * (spec 002 §4 and §9). The investigator still decides; the renderer only proposes.
 */

/** 0 normal; 1, 2, 3 above 1, 2, 3 times the upper limit; 4, 5, 6 below 1, 1/2, 1/4 of the lower limit. */
export type LabResultLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Spec 002 §9: level thresholds as multiples of the upper and fractions of the lower limit. */
export const LAB_UPPER_MULTIPLES = [1, 2, 3] as const;
export const LAB_LOWER_FRACTIONS = [1, 0.5, 0.25] as const;

export const CLINICAL_SIGNIFICANCE_VALUES = [
  'LBCLSIG_NORMAL',
  'LBCLSIG_ABNORMAL_NON_CLSIG',
  'LBCLSIG_ABNORMAL_CLSIG',
  'LBCLSIG_NOT_TESTED',
] as const;
export type ClinicalSignificance = (typeof CLINICAL_SIGNIFICANCE_VALUES)[number];

/**
 * Spec 001 §3.8: the options of a lab row's clinical-significance select, in both languages. The same list
 * the prebuilt lab table puts in its clinical-significance column.
 */
export const CLINICAL_SIGNIFICANCE_OPTIONS: readonly OptionItem[] = LAB_CLINICAL_SIGNIFICANCE_OPTIONS;

/** A finite number from a number or a numeric text; anything else (blank, '<0.5', 'ND') is missing. */
function labNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * Spec 002 §4: the level of `value` against the range [low, up]. A value exactly on a threshold belongs to
 * the milder level (3 × up is level 2, low / 4 is level 5): the spec says "above" and "below". The level is
 * 0 when the value or either bound is missing.
 */
export function labResultLevel(value: unknown, low: unknown, up: unknown): LabResultLevel {
  const result = labNumber(value);
  const lower = labNumber(low);
  const upper = labNumber(up);
  if (result === null || lower === null || upper === null) return 0;
  const [, twice, thrice] = LAB_UPPER_MULTIPLES;
  const [, half, quarter] = LAB_LOWER_FRACTIONS;
  if (result > upper * thrice) return 3;
  if (result > upper * twice) return 2;
  if (result > upper) return 1;
  if (result < lower * quarter) return 6;
  if (result < lower * half) return 5;
  if (result < lower) return 4;
  return 0;
}

/** Spec 002 §4: 0 normal; 1, 2, 4, 5 abnormal but not clinically significant; 3 and 6 clinically significant. */
export function suggestedClinicalSignificance(level: LabResultLevel): ClinicalSignificance {
  switch (level) {
    case 0:
      return 'LBCLSIG_NORMAL';
    case 1:
    case 2:
    case 4:
    case 5:
      return 'LBCLSIG_ABNORMAL_NON_CLSIG';
    case 3:
    case 6:
      return 'LBCLSIG_ABNORMAL_CLSIG';
  }
}
