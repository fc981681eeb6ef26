import { canMoveKit, describeValidationIssues } from '@dcap/core';
import type { KitAction, KitStatus, Locale, SupplyKit, SupplyKitTypeLabel, SupplyLocation } from '@dcap/core';
import type { z } from 'zod';

export const localeOf = (language: string): Locale => (language === 'en-US' ? 'en-US' : 'zh-CN');

/** A kit type as the server labelled it for this caller (the blinded name for blinded callers), in the caller's language. */
export function kitTypeName(label: Pick<SupplyKitTypeLabel, 'name' | 'nameEn'>, locale: Locale): string {
  return locale === 'en-US' ? (label.nameEn ?? label.name) : label.name;
}

export function locationName(location: Pick<SupplyLocation, 'code' | 'name'> & { nameEn?: string | null }, locale: Locale): string {
  const name = locale === 'en-US' ? (location.nameEn ?? location.name) : location.name;
  return `${location.code} ${name}`;
}

/** What a kit action makes of a kit (as the server's `changeKits` does): release puts it back where it is. */
function targetOf(action: KitAction, kit: Pick<SupplyKit, 'location'>): KitStatus {
  switch (action) {
    case 'return':
      return 'returned';
    case 'destroy':
      return 'destroyed';
    case 'quarantine':
      return 'quarantined';
    case 'release':
      return kit.location?.kind === 'depot' ? 'available' : 'at_site';
    case 'lost':
    case 'damaged':
    case 'expired':
      return action;
  }
}

const ACTIONS: readonly KitAction[] = ['return', 'destroy', 'quarantine', 'release', 'lost', 'damaged', 'expired'];

/** The actions core's kit transitions allow for this kit; the server checks them again. */
export function kitActionsFor(kit: Pick<SupplyKit, 'status' | 'location'>): KitAction[] {
  return ACTIONS.filter((action) => canMoveKit(kit.status, targetOf(action, kit)));
}

export interface FieldProblems {
  name: string;
  errors: string[];
}

/**
 * Runs one of core's request schemas on a form's values, so the browser refuses exactly what the server
 * would; each complaint lands on its field, named by the field's label in the caller's language.
 */
export function schemaProblems(schema: z.ZodType, value: unknown, labels: Readonly<Record<string, string>>, locale: Locale): FieldProblems[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  const byField = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    for (const problem of describeValidationIssues([{ ...issue, path: [labels[name] ?? name] }], locale)) {
      byField.set(name, [...(byField.get(name) ?? []), problem.message]);
    }
  }
  return [...byField.entries()].map(([name, errors]) => ({ name, errors }));
}
