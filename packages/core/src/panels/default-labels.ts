import { PALETTE_LABELS } from './factory.js';
import type { Panel } from './schema.js';
import { tableColumns, walkWidgets } from './walk.js';

/**
 * Labels the designer gives new things (palette names, 选项1 / Option 1, 列1 / Column 1, 表格1 / Table 1,
 * the older "1. 新选项" numbering and the matrix titles): a form published with them shows a study site
 * "Option 1" where an answer text belongs. Publishing lists the ones left (docs/decisions.md, "Default
 * labels"); it warns rather than refuses, since a label such as "Date" may be meant.
 */
const NUMBERED_DEFAULTS: readonly RegExp[] = [
  /^选项\s*\d+$/,
  /^option\s*\d+$/i,
  /^\d+\.\s*新选项$/,
  /^\d+\.\s*new option$/i,
  /^\d+\.\s*示例$/,
  /^\d+\.\s*example$/i,
  /^列\s*\d+$/,
  /^column\s*\d+$/i,
  /^表格\s*\d*$/,
  /^table(\s*\d+)?$/i,
];

const MATRIX_DEFAULTS = ['单选矩阵', 'Single-choice matrix', '多选矩阵', 'Multiple-choice matrix', '滑块矩阵', 'Slider matrix', '量表评分矩阵', 'Scale rating matrix'];

const FIXED_DEFAULTS: ReadonlySet<string> = new Set(
  [...Object.values(PALETTE_LABELS).flatMap((label) => [label.name, label.nameEn]), ...MATRIX_DEFAULTS].map((text) => text.toLowerCase()),
);

/** Whether a label is one the designer generated and nobody changed (or one of its older placeholders). */
export function isDefaultLabel(text: string | null | undefined): boolean {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return false;
  return FIXED_DEFAULTS.has(trimmed.toLowerCase()) || NUMBERED_DEFAULTS.some((pattern) => pattern.test(trimmed));
}

export type DefaultLabelKind = 'field' | 'option' | 'column';

/** A label left as its default: where it is (the widget's key and a JSON path) and the text it shows. */
export interface DefaultLabel {
  widgetKey: string;
  kind: DefaultLabelKind;
  path: string;
  label: string;
}

/** Types whose own label a site never sees as a question: layout containers and empty cells. */
const UNLABELLED_TYPES: ReadonlySet<string> = new Set(['grid', 'placeholder']);

function firstDefault(...texts: (string | null | undefined)[]): string | null {
  return texts.find((text) => isDefaultLabel(text))?.trim() ?? null;
}

/**
 * Every label of a panel still at its default: widget labels (not those of grids, empty cells or table
 * cells, whose column title is what shows), option labels and table column titles, in document order.
 */
export function findDefaultLabels(panel: Pick<Panel, 'list'>): DefaultLabel[] {
  const found: DefaultLabel[] = [];
  for (const { widget, path, place } of walkWidgets(panel.list)) {
    if (!UNLABELLED_TYPES.has(widget.type) && place.kind !== 'table') {
      const label = firstDefault(widget.name, widget.nameEn);
      if (label !== null) found.push({ widgetKey: widget.key, kind: 'field', path: `${path}.name`, label });
    }
    // Options shared by a matrix's rows sit on the cell template, so cells are searched for options too.
    const options = widget.options.options ?? [];
    if (widget.options.bullsEyePlot !== true && widget.type !== 'bullseyeplot') {
      for (const [index, option] of options.entries()) {
        const label = firstDefault(option.label, option.labelEn);
        if (label !== null) found.push({ widgetKey: widget.key, kind: 'option', path: `${path}.options.options.${String(index)}.label`, label });
      }
    }
    for (const [index, column] of tableColumns(widget).entries()) {
      const label = firstDefault(column.title, column.titleEn);
      if (label !== null) found.push({ widgetKey: widget.key, kind: 'column', path: `${path}.options.columns.${String(index)}.title`, label });
    }
  }
  return found;
}

/** The default labels of several instruments' panels, each entry naming its instrument. */
export function findDefaultLabelsOfInstruments(
  instruments: readonly { nameAbbr: string; name: string; panel: Pick<Panel, 'list'> }[],
): (DefaultLabel & { instrument: string; instrumentName: string })[] {
  return instruments.flatMap((instrument) =>
    findDefaultLabels(instrument.panel).map((entry) => ({ ...entry, instrument: instrument.nameAbbr, instrumentName: instrument.name })),
  );
}
