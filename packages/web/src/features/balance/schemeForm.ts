import { DEFAULT_RANDOM_NUMBER_FORMAT, describeValidationIssues, schemeSettingsSchema, SITE_FACTOR } from '@dcap/core';
import type { Locale, RandomisationMethod, RandScheme, SchemeSettings } from '@dcap/core';

/**
 * The scheme designer's form and its mapping to core's scheme settings. The rules (ratios, block sizes that
 * are multiples of the ratio sum, codes, factors per method) are core's `schemeSettingsSchema`; this file only
 * moves values between the form's flat shape and the wire's, and puts core's messages on the form's fields.
 */

export interface ArmValues {
  code: string;
  name: string;
  nameEn?: string;
  ratio: number;
}

export interface OptionValues {
  code: string;
  label: string;
  labelEn?: string;
}

export interface FactorValues {
  code: string;
  name: string;
  nameEn?: string;
  options: OptionValues[];
  /** The panel the option is read from; absent when whoever randomises gives it. */
  sourceInstrumentId?: number | null;
  sourceModel?: string;
  /** Minimisation weight; 1 when left empty. */
  weight?: number | null;
}

export interface SchemeFormValues {
  name: string;
  method: RandomisationMethod;
  arms: ArmValues[];
  /** One size is fixed; several are drawn block by block. */
  blockSizes: number[];
  stratifyBySite: boolean;
  includeSite: boolean;
  siteWeight?: number | null;
  factors: FactorValues[];
  probability: number;
  measure: 'range' | 'variance';
  tableSize: number;
  prefix: string;
  width: number;
  treatmentPhase: string;
}

export const METHODS_WITH_BLOCKS: readonly RandomisationMethod[] = ['blocks', 'stratifiedBlocks'];
export const METHODS_WITH_FACTORS: readonly RandomisationMethod[] = ['stratifiedBlocks', 'minimisation'];

/** A new scheme: two arms 1:1 in stratified blocks of 4, as most two-arm trials start. */
export function emptySchemeForm(): SchemeFormValues {
  return {
    name: '',
    method: 'stratifiedBlocks',
    arms: [
      { code: 'A', name: '', ratio: 1 },
      { code: 'B', name: '', ratio: 1 },
    ],
    blockSizes: [4],
    stratifyBySite: true,
    includeSite: false,
    factors: [],
    probability: 0.8,
    measure: 'range',
    tableSize: 100,
    prefix: DEFAULT_RANDOM_NUMBER_FORMAT.prefix,
    width: DEFAULT_RANDOM_NUMBER_FORMAT.width,
    treatmentPhase: '',
  };
}

const optional = (value: string | undefined | null): string | undefined => (value?.trim() ? value.trim() : undefined);

/** The settings the form describes, for the method chosen: fields another method would refuse are left out. */
export function toSettings(values: SchemeFormValues): unknown {
  const arms = values.arms.map((arm) => ({ code: arm.code.trim(), name: arm.name.trim(), nameEn: optional(arm.nameEn), ratio: arm.ratio }));
  const factors = values.factors.map((factor) => ({
    code: factor.code.trim(),
    name: factor.name.trim(),
    nameEn: optional(factor.nameEn),
    options: factor.options.map((option) => ({ code: option.code.trim(), label: option.label.trim(), labelEn: optional(option.labelEn) })),
  }));
  const randomNumber = { prefix: values.prefix.trim(), width: values.width };
  const table = { arms, randomNumber, stratifyBySite: values.stratifyBySite, tableSize: values.tableSize };
  const scheme = (() => {
    switch (values.method) {
      case 'simple':
        return { method: 'simple', ...table };
      case 'blocks':
        return { method: 'blocks', ...table, blockSizes: values.blockSizes };
      case 'stratifiedBlocks':
        return { method: 'stratifiedBlocks', ...table, blockSizes: values.blockSizes, factors };
      case 'minimisation': {
        const weights: Record<string, number> = {};
        values.factors.forEach((factor, index) => {
          if (typeof factor.weight === 'number') weights[factors[index]?.code ?? factor.code] = factor.weight;
        });
        if (values.includeSite && typeof values.siteWeight === 'number') weights[SITE_FACTOR] = values.siteWeight;
        return {
          method: 'minimisation',
          arms,
          randomNumber,
          factors,
          includeSite: values.includeSite,
          probability: values.probability,
          measure: values.measure,
          ...(Object.keys(weights).length > 0 ? { weights } : {}),
        };
      }
    }
  })();
  const factorSources: Record<string, { instrumentId: number; model: string }> = {};
  if (METHODS_WITH_FACTORS.includes(values.method)) {
    values.factors.forEach((factor) => {
      const model = factor.sourceModel?.trim();
      if (typeof factor.sourceInstrumentId === 'number' && model) factorSources[factor.code.trim()] = { instrumentId: factor.sourceInstrumentId, model };
    });
  }
  return { scheme, factorSources, treatmentPhase: values.treatmentPhase.trim() };
}

/** The form values of a saved scheme (an unblinded caller's: `settings` present). */
export function fromSettings(name: string, settings: SchemeSettings): SchemeFormValues {
  const { scheme } = settings;
  const base = emptySchemeForm();
  const weights = scheme.method === 'minimisation' ? (scheme.weights ?? {}) : {};
  const factors = scheme.method === 'stratifiedBlocks' || scheme.method === 'minimisation' ? scheme.factors : [];
  return {
    ...base,
    name,
    method: scheme.method,
    arms: scheme.arms.map((arm) => ({ ...arm })),
    blockSizes: scheme.method === 'blocks' || scheme.method === 'stratifiedBlocks' ? [...scheme.blockSizes] : base.blockSizes,
    stratifyBySite: scheme.method === 'minimisation' ? base.stratifyBySite : scheme.stratifyBySite,
    includeSite: scheme.method === 'minimisation' ? scheme.includeSite : false,
    siteWeight: weights[SITE_FACTOR] ?? null,
    factors: factors.map((factor) => ({
      ...factor,
      options: factor.options.map((option) => ({ ...option })),
      sourceInstrumentId: settings.factorSources[factor.code]?.instrumentId ?? null,
      sourceModel: settings.factorSources[factor.code]?.model ?? '',
      weight: weights[factor.code] ?? null,
    })),
    probability: scheme.method === 'minimisation' ? scheme.probability : base.probability,
    measure: scheme.method === 'minimisation' ? scheme.measure : base.measure,
    tableSize: scheme.method === 'minimisation' ? base.tableSize : scheme.tableSize,
    prefix: scheme.randomNumber.prefix,
    width: scheme.randomNumber.width,
    treatmentPhase: settings.treatmentPhase,
  };
}

/** The form values of a scheme as the list gave it; null for a blinded caller, who has no settings to edit. */
export function formOf(scheme: RandScheme): SchemeFormValues | null {
  return scheme.settings ? fromSettings(scheme.name, scheme.settings) : null;
}

export type FieldName = (string | number)[];

export interface FormProblem {
  /** The form field the problem belongs to. */
  name: FieldName;
  message: string;
}

/** The form field a path of the wire settings belongs to (`scheme.weights.SEX` is the factor SEX's weight). */
export function formFieldOf(path: readonly PropertyKey[], values: SchemeFormValues): FieldName {
  const [head, ...rest] = path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (head === 'treatmentPhase') return ['treatmentPhase'];
  if (head === 'factorSources') {
    const index = values.factors.findIndex((factor) => factor.code.trim() === rest[0]);
    return index >= 0 ? ['factors', index, 'sourceModel'] : ['factors'];
  }
  if (head !== 'scheme') return [String(head)];
  const [field, ...tail] = rest;
  if (field === 'randomNumber') return [tail[0] === 'width' ? 'width' : 'prefix'];
  if (field === 'weights') {
    if (tail[0] === SITE_FACTOR) return ['siteWeight'];
    const index = values.factors.findIndex((factor) => factor.code.trim() === tail[0]);
    return index >= 0 ? ['factors', index, 'weight'] : ['factors'];
  }
  if (field === undefined) return ['method'];
  return [field, ...tail];
}

/**
 * Checks the form with core's schema and returns the settings to save, or its complaints in the caller's
 * language, each on the form field it concerns and naming that field by its label (`fieldLabel`) rather than
 * by its wire path.
 */
export function validateSchemeForm(
  values: SchemeFormValues,
  locale: Locale,
  fieldLabel: (name: FieldName) => string,
): { settings: SchemeSettings; problems: [] } | { settings: null; problems: FormProblem[] } {
  const parsed = schemeSettingsSchema.safeParse(toSettings(values));
  if (parsed.success) return { settings: parsed.data, problems: [] };
  const problems = parsed.error.issues.flatMap((issue) => {
    const name = formFieldOf(issue.path, values);
    // Core names the field by the issue's path; a one-part path carrying the label makes that the label.
    return describeValidationIssues([{ ...issue, path: [fieldLabel(name)] }], locale).map((problem) => ({ name, message: problem.message }));
  });
  return { settings: null, problems };
}

/** Problems grouped by field, as antd's `setFields` takes them. */
export function problemsByField(problems: readonly FormProblem[]): { name: FieldName; errors: string[] }[] {
  const byKey = new Map<string, { name: FieldName; errors: string[] }>();
  for (const problem of problems) {
    const key = problem.name.join('.');
    const entry = byKey.get(key) ?? { name: problem.name, errors: [] };
    if (!entry.errors.includes(problem.message)) entry.errors.push(problem.message);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
