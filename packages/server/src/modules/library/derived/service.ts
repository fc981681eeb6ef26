import type { DerivedFieldGroup, DerivedFieldPreview, DerivedFieldsAll, SaveSysDerivedFieldRequest, SysDerivedField, Widget } from '@dcap/core';
import { AppError, patchedText, formulaReferences, parseFormula } from '@dcap/core';
import type { DerivedFieldRow } from '../../../db/schema.js';
import type { ServiceDeps } from '../../../deps.js';
import type { Caller } from '../../../http/context.js';
import { platformWrite } from '../../../http/project-write.js';
import { auditedDerivedField, presentDerivedField, presentSysDerivedField, storedWidget } from '../presenter.js';
import { findFieldsByNames } from '../standard/repo.js';
import * as repo from './repo.js';

/** GET /dcap/project/derivedField/all: spec 001 §3.8, the three groups. */
export async function derivedFieldsByGroup(deps: ServiceDeps, keyword: string | undefined): Promise<DerivedFieldsAll> {
  const rows = await repo.listDerived(deps.db, { keyword });
  const group = (name: DerivedFieldGroup) => rows.filter((row) => row.group_code === name).map(presentDerivedField);
  return { CONTINUOUS_VARIABLES: group('CONTINUOUS_VARIABLES'), CATEGORICAL_VARIABLES: group('CATEGORICAL_VARIABLES'), ORDINAL_VARIABLES: group('ORDINAL_VARIABLES') };
}

/** How deep preview follows a derived field that reads another (BMI category reads BMI). */
const PREVIEW_DEPTH = 3;

/**
 * GET /dcap/project/derivedField/preview/:id: the widgets the derived designer adds (spec 001 §7). The
 * inputs its formula reads come first, in reading order: standard variables, and other derived fields
 * with their own inputs; the computed widget itself is last. Names found in neither library are left to
 * the designer, which reports them as unknown fields.
 */
export async function derivedPreview(deps: ServiceDeps, id: number): Promise<DerivedFieldPreview> {
  const row = await repo.findDerived(deps.db, id);
  if (!row) throw new AppError('library.derived_not_found');
  const list: Widget[] = [];
  const added = new Set<string>();
  const add = async (field: DerivedFieldRow, depth: number): Promise<void> => {
    added.add(field.field_name.toLowerCase());
    const names = formulaReferences(field.expression).filter((name) => !added.has(name.toLowerCase()));
    const [standard, derived] = await Promise.all([findFieldsByNames(deps.db, names), depth < PREVIEW_DEPTH ? repo.findDerivedByNames(deps.db, names) : []]);
    for (const name of names) {
      if (added.has(name.toLowerCase())) continue;
      const input = standard.find((candidate) => candidate.field_name.toLowerCase() === name.toLowerCase());
      if (input) {
        added.add(name.toLowerCase());
        list.push(storedWidget(input));
        continue;
      }
      const source = derived.find((candidate) => candidate.field_name.toLowerCase() === name.toLowerCase());
      if (source) await add(source, depth + 1);
    }
    list.push(storedWidget(field));
  };
  await add(row, 0);
  return { list };
}

export async function listSysDerived(deps: ServiceDeps, filter: { group?: DerivedFieldGroup | undefined; keyword?: string | undefined }): Promise<SysDerivedField[]> {
  return (await repo.listDerived(deps.db, filter)).map(presentSysDerivedField);
}

/** Continuous results are numbers; categorical and ordinal results are codes chosen from options. */
const GROUP_WIDGETS: Record<DerivedFieldGroup, readonly Widget['type'][]> = {
  CONTINUOUS_VARIABLES: ['number', 'input'],
  CATEGORICAL_VARIABLES: ['radio', 'select'],
  ORDINAL_VARIABLES: ['radio', 'select'],
};

/** The stored computed widget: named as the field, read-only, its formula in options.expression. */
function computedWidget(body: SaveSysDerivedFieldRequest): Widget {
  const allowed = GROUP_WIDGETS[body.group];
  if (!allowed.includes(body.widget.type)) throw new AppError('library.derived_widget_mismatch', { group: body.group, types: allowed.join('/') });
  if (body.group !== 'CONTINUOUS_VARIABLES' && (body.widget.options.options ?? []).length === 0) throw new AppError('library.derived_options_required');
  // The same parser the renderer and the panel checks use: a formula that cannot be read is not stored.
  const parsed = parseFormula(body.expression);
  if (!parsed.ok) {
    throw new AppError('library.derived_formula_invalid', { detail: parsed.error.message, detailEn: parsed.error.messageEn }, [
      { path: 'expression', message: parsed.error.message },
    ]);
  }
  return {
    ...body.widget,
    key: body.fieldName,
    model: body.fieldName,
    name: body.fieldLabel,
    nameEn: body.fieldLabelEn,
    disabled: true,
    options: { ...body.widget.options, expression: body.expression },
  };
}

export async function saveSysDerived(deps: ServiceDeps, caller: Caller, body: SaveSysDerivedFieldRequest): Promise<SysDerivedField> {
  const widget = computedWidget(body);
  return platformWrite(
    deps,
    caller,
    async (trx, audit) => {
      const clash = await repo.findDerivedByName(trx, body.fieldName);
      if (clash && clash.id !== body.id) throw new AppError('library.derived_name_taken', { name: body.fieldName });
      const values = {
        group_code: body.group,
        field_name: body.fieldName,
        field_label: body.fieldLabel,
        field_label_en: body.fieldLabelEn,
        expression: body.expression,
        description: body.description ?? '',
        description_en: body.descriptionEn ?? '',
        widget: JSON.stringify(widget),
      };
      if (body.id === undefined) {
        const row = await repo.insertDerived(trx, { ...values, sort: body.sort ?? (await repo.nextDerivedSort(trx)) });
        await audit.change('derived_field', row.id, { kind: 'create', after: auditedDerivedField(row) });
        return presentSysDerivedField(row);
      }
      const before = await repo.findDerived(trx, body.id);
      if (!before) throw new AppError('library.derived_not_found');
      // Partial update (core patchedText): an optional text left out keeps its value, null clears it.
      const row = await repo.updateDerived(trx, body.id, {
        ...values,
        description: patchedText(before.description, body.description),
        description_en: patchedText(before.description_en, body.descriptionEn),
        ...(body.sort === undefined ? {} : { sort: body.sort }),
        updated_at: deps.clock.now(),
      });
      await audit.change('derived_field', row.id, { kind: 'update', before: auditedDerivedField(before), after: auditedDerivedField(row) });
      return presentSysDerivedField(row);
    },
    { name: body.fieldName },
  );
}

export async function deleteSysDerived(deps: ServiceDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findDerived(trx, id);
    if (!before) throw new AppError('library.derived_not_found');
    await repo.deleteDerived(trx, id);
    await audit.change('derived_field', id, { kind: 'delete', before: auditedDerivedField(before) });
    return { id };
  });
}
