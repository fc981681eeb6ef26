import type { z } from 'zod';

/**
 * Reads a request schema's structure (zod 4 definitions), so the bad-input test can build plausible
 * values and name every text and integer field without a list kept by hand.
 */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: z.ZodType[];
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const bagOf = (schema: z.ZodType): Record<string, unknown> => (schema as unknown as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'nonoptional', 'readonly']);

/** The schema under optional, nullable, default and the like. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return current;
}

/** The top-level fields of an object schema (empty for anything else). */
export function fieldsOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? def.shape : {};
}

/** A value of the schema's shape that is often valid: the base a single bad field is put into. */
export function sample(schema: z.ZodType | undefined, depth = 0): unknown {
  if (!schema) return undefined;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'string':
      return 'x';
    case 'number': {
      const min = bagOf(inner).minimum;
      return typeof min === 'number' && min > 1 ? min : 1;
    }
    case 'boolean':
      return false;
    case 'enum':
      return def.entries ? Object.values(def.entries)[0] : undefined;
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'union':
      return def.options?.[0] ? sample(def.options[0], depth + 1) : undefined;
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, sample(field, depth + 1)]));
    default:
      return undefined;
  }
}

/** Every text and integer leaf of a schema, with its path, for checking the rule applies to each. */
export function leaves(schema: z.ZodType, path = '', seen = new Set<unknown>()): { path: string; kind: 'text' | 'integer'; schema: z.ZodType }[] {
  const inner = unwrap(schema);
  if (seen.has(inner)) return [];
  seen.add(inner);
  const def = defOf(inner);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (def.type) {
    case 'string':
      return [{ path, kind: 'text', schema: inner }];
    case 'number':
      return bagOf(inner).format === 'safeint' ? [{ path, kind: 'integer', schema: inner }] : [];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => leaves(field, at(key), seen));
    case 'array':
      return def.element ? leaves(def.element, at('*'), seen) : [];
    case 'record':
      return [...(def.keyType ? leaves(def.keyType, at('<key>'), seen) : []), ...(def.valueType ? leaves(def.valueType, at('*'), seen) : [])];
    case 'union':
      return (def.options ?? []).flatMap((option) => leaves(option, path, seen));
    case 'intersection':
      return [...(def.left ? leaves(def.left, path, seen) : []), ...(def.right ? leaves(def.right, path, seen) : [])];
    case 'tuple':
      return (def.items ?? []).flatMap((item, index) => leaves(item, at(String(index)), seen));
    default:
      return [];
  }
}
