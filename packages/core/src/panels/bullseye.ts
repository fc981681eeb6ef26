import type { OptionItem } from './schema.js';

/** Spec 001 §4.1: the dictionary type a select gets when its bullseye option is ticked. */
export const BULLSEYE_DICT_TYPE = 'bullseye';

/** Spec 001 §9: the plot has 17 segments (basal 1-6, mid 7-12, apical 13-16, apex 17), or 16 without the apex. */
export const BULLSEYE_SEGMENTS_DEFAULT = 17;

/**
 * Spec 001 §3.7 and spec 002 §3: each bullseye option has a code, a label and a colour; code 0 is the
 * frozen normal code. Colours rise with severity so the worst value stands out on the plot.
 */
export const BULLSEYE_OPTIONS: readonly OptionItem[] = [
  { key: '0', value: '0', label: '正常', labelEn: 'Normal', freeze: true, color: '#52c41a' },
  { key: '1', value: '1', label: '异常', labelEn: 'Abnormal', color: '#f5222d' },
  { key: '-9', value: '-9', label: '未做', labelEn: 'Not Done', color: '#bfbfbf' },
  { key: '-1', value: '-1', label: '无法诊断', labelEn: 'Non-diagnostic', color: '#faad14' },
];

/** Fresh copies, so a widget's options never share objects with the constant. */
export function bullseyeOptions(): OptionItem[] {
  return BULLSEYE_OPTIONS.map((option) => ({ ...option }));
}
