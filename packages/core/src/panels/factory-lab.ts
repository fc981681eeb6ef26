import { columnWidthPercent, createTableShell } from './factory-layout.js';
import { tableCellKey, tableColumnKey } from './keys.js';
import { FORMAT_INCORRECT } from './rules.js';
import type { Locale } from '../i18n/locale.js';
import type { LabColumnRole, OptionItem, TableColumn, TableRow, Widget, WidgetType } from './schema.js';

/** The dictionary the clinical significance options belong to; their codes are not numeric (spec 001 §3.8). */
export const LAB_CLINICAL_SIGNIFICANCE_DICT_TYPE = 'LBCLSIG';

/** Spec 001 §3.8 and spec 002 §4: the clinical significance options of a lab result. */
export const LAB_CLINICAL_SIGNIFICANCE_OPTIONS: readonly OptionItem[] = [
  { key: 'LBCLSIG_NORMAL', value: 'LBCLSIG_NORMAL', label: '正常', labelEn: 'Normal' },
  { key: 'LBCLSIG_ABNORMAL_NON_CLSIG', value: 'LBCLSIG_ABNORMAL_NON_CLSIG', label: '异常无临床意义', labelEn: 'Abnormal, not clinically significant' },
  { key: 'LBCLSIG_ABNORMAL_CLSIG', value: 'LBCLSIG_ABNORMAL_CLSIG', label: '异常有临床意义', labelEn: 'Abnormal, clinically significant' },
  { key: 'LBCLSIG_NOT_TESTED', value: 'LBCLSIG_NOT_TESTED', label: '未查', labelEn: 'Not tested' },
];

export interface BloodRoutineItem {
  /** The standard abbreviation, stored as the test item's value so the data reads the same in any language. */
  code: string;
  /** Test name as the row shows it: Chinese name with the standard abbreviation. */
  name: string;
  nameEn: string;
  /** SI unit; a caret followed by digits renders as a superscript. */
  unit: string;
  low: number;
  up: number;
}

/** The ten standard blood-routine items with SI units and adult reference limits (both sexes combined). */
export const BLOOD_ROUTINE_ITEMS: readonly BloodRoutineItem[] = [
  { code: 'WBC', name: '白细胞计数 (WBC)', nameEn: 'White blood cell count (WBC)', unit: '10^9/L', low: 3.5, up: 9.5 },
  { code: 'RBC', name: '红细胞计数 (RBC)', nameEn: 'Red blood cell count (RBC)', unit: '10^12/L', low: 3.8, up: 5.8 },
  { code: 'HGB', name: '血红蛋白 (HGB)', nameEn: 'Haemoglobin (HGB)', unit: 'g/L', low: 115, up: 175 },
  { code: 'HCT', name: '红细胞压积 (HCT)', nameEn: 'Haematocrit (HCT)', unit: '%', low: 35, up: 50 },
  { code: 'PLT', name: '血小板计数 (PLT)', nameEn: 'Platelet count (PLT)', unit: '10^9/L', low: 125, up: 350 },
  { code: 'NEUT%', name: '中性粒细胞百分比 (NEUT%)', nameEn: 'Neutrophils (NEUT%)', unit: '%', low: 40, up: 75 },
  { code: 'LYMPH%', name: '淋巴细胞百分比 (LYMPH%)', nameEn: 'Lymphocytes (LYMPH%)', unit: '%', low: 20, up: 50 },
  { code: 'MONO%', name: '单核细胞百分比 (MONO%)', nameEn: 'Monocytes (MONO%)', unit: '%', low: 3, up: 10 },
  { code: 'EOS%', name: '嗜酸性粒细胞百分比 (EOS%)', nameEn: 'Eosinophils (EOS%)', unit: '%', low: 0.4, up: 8 },
  { code: 'BASO%', name: '嗜碱性粒细胞百分比 (BASO%)', nameEn: 'Basophils (BASO%)', unit: '%', low: 0, up: 1 },
];

interface LabColumnSpec {
  role: Exclude<LabColumnRole, 'uul' | 'occurDate'>;
  /** CDASH-style prefix of the random column key (spec 001 §3.6). */
  prefix: string;
  title: string;
  titleEn: string;
  type: Extract<WidgetType, 'input' | 'number' | 'select'>;
}

/** Spec 001 §3.9: test item, result, lower limit, upper limit, unit, clinical significance, reference range. */
const LAB_COLUMNS: readonly LabColumnSpec[] = [
  { role: 'subject', prefix: 'LBTEST', title: '检查项', titleEn: 'Test item', type: 'input' },
  { role: 'result', prefix: 'LBORRES', title: '结果', titleEn: 'Result', type: 'number' },
  { role: 'low', prefix: 'LBORNRLO', title: '下限', titleEn: 'Lower limit', type: 'number' },
  { role: 'up', prefix: 'LBORNRHI', title: '上限', titleEn: 'Upper limit', type: 'number' },
  { role: 'unit', prefix: 'LBORRESU', title: '单位', titleEn: 'Unit', type: 'input' },
  { role: 'clinicalSig', prefix: 'LBCLSIG', title: '临床意义', titleEn: 'Clinical significance', type: 'select' },
  { role: 'range', prefix: 'LBRANGE', title: '参考范围', titleEn: 'Reference range', type: 'input' },
];

function labCell(spec: LabColumnSpec, table: Widget, columnKey: string, usedKeys: Set<string>): Widget {
  const key = tableCellKey(table.key, columnKey, null, usedKeys);
  const base = { key, model: key, name: spec.title, nameEn: spec.titleEn, table: table.model, disabled: false };
  switch (spec.type) {
    case 'number':
      // Spec 001 §3.9: number cells have rule type number with the message 格式不正确.
      return { ...base, type: 'number', options: { dataType: 'number', precision: 2 }, rules: [{ type: 'number', ...FORMAT_INCORRECT }] };
    case 'select':
      return { ...base, type: 'select', options: { options: LAB_CLINICAL_SIGNIFICANCE_OPTIONS.map((option) => ({ ...option })), multiple: false, allowClear: true, dictType: LAB_CLINICAL_SIGNIFICANCE_DICT_TYPE } };
    case 'input':
      // Spec 001 §3.9: text cells use type string with the same message.
      return { ...base, type: 'input', options: { dataType: 'string' }, rules: [{ type: 'string', ...FORMAT_INCORRECT }] };
  }
}

/**
 * The key of a preset row's English title, beside `CARD_TITLE` (Chinese). Row data is a free record of
 * strings, so this needs no schema change and is never a column key (column keys end in a number).
 */
export const CARD_TITLE_EN = 'CARD_TITLE_EN';

/** A preset row's title in the given language, falling back to the Chinese `CARD_TITLE`. */
export function tableRowTitle(row: TableRow | undefined, locale: Locale): string | undefined {
  const english = row?.[CARD_TITLE_EN];
  if (locale === 'en-US' && typeof english === 'string' && english !== '') return english;
  return row?.CARD_TITLE;
}

/**
 * A preset lab row. The test item stores the standard abbreviation ('WBC'), not a display name, and the
 * row's titles carry the name per language (`CARD_TITLE` and `CARD_TITLE_EN`); the renderer shows the
 * title matching the interface language as read-only text in the test item cell and on the card.
 */
function labRow(item: BloodRoutineItem, keys: Record<LabColumnSpec['role'], string>): TableRow {
  return {
    CARD_TITLE: item.name,
    [CARD_TITLE_EN]: item.nameEn,
    [keys.subject]: item.code,
    [keys.result]: null,
    [keys.low]: item.low,
    [keys.up]: item.up,
    [keys.unit]: item.unit,
    [keys.clinicalSig]: null,
    [keys.range]: `${String(item.low)}-${String(item.up)}`,
  };
}

/**
 * Spec 001 §2.1 and §3.9: the prebuilt blood-routine lab table, ten rows of the standard items with their
 * units and reference limits filled in; each column carries its lab role in `refCtrl` so the renderer can
 * grade the result and suggest the clinical significance (spec 002 §4).
 */
export function createLabTable(usedKeys: Set<string>): Widget {
  const table = createTableShell(usedKeys, '血常规', 'Blood routine');
  const columns: TableColumn[] = LAB_COLUMNS.map((spec) => {
    const key = tableColumnKey(spec.prefix, usedKeys);
    return {
      title: spec.title,
      titleEn: spec.titleEn,
      key,
      width: columnWidthPercent(LAB_COLUMNS.length),
      widget: labCell(spec, table, key, usedKeys),
      refCtrl: spec.role,
    };
  });
  const keys = Object.fromEntries(LAB_COLUMNS.map((spec, index) => [spec.role, columns[index]?.key ?? ''])) as Record<LabColumnSpec['role'], string>;
  return { ...table, options: { ...table.options, repeatable: false, columns, data: BLOOD_ROUTINE_ITEMS.map((item) => labRow(item, keys)) } };
}
