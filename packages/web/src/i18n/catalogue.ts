import type { zhCN } from './zh-CN';

/**
 * English singular forms: i18next picks `key_one` for a count of 1 and falls back to `key` otherwise, so an
 * English catalogue may add a `_one` form beside any key; Chinese has no singular and never needs one.
 */
type SingularForms = { [singular: `${string}_one`]: string };

/** The shape of a catalogue: the same nested keys as the default one, any strings as values. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & SingularForms;

export type Catalogue = Shape<typeof zhCN>;
