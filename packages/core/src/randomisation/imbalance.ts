import type { ImbalanceMeasure } from './scheme.js';

/**
 * The imbalance of arm counts (docs/decisions.md, "Randomisation"). Counts are ratio-adjusted first, each
 * divided by its arm's ratio, so a 2:1 trial with 20 and 10 subjects is balanced (10 and 10). `range` is the
 * largest adjusted count less the smallest (Pocock and Simon's range); `variance` is their population
 * variance. Both are 0 for a perfect balance and grow with any departure from the ratio.
 */
export function ratioAdjustedImbalance(counts: ArrayLike<number>, ratios: ArrayLike<number>, measure: ImbalanceMeasure = 'range'): number {
  const size = counts.length;
  if (measure === 'range') {
    let low = Infinity;
    let high = -Infinity;
    for (let index = 0; index < size; index += 1) {
      const adjusted = (counts[index] as number) / (ratios[index] as number);
      if (adjusted < low) low = adjusted;
      if (adjusted > high) high = adjusted;
    }
    return size === 0 ? 0 : high - low;
  }
  let sum = 0;
  for (let index = 0; index < size; index += 1) sum += (counts[index] as number) / (ratios[index] as number);
  const mean = sum / size;
  let squares = 0;
  for (let index = 0; index < size; index += 1) {
    const deviation = (counts[index] as number) / (ratios[index] as number) - mean;
    squares += deviation * deviation;
  }
  return size === 0 ? 0 : squares / size;
}
