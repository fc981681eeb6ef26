import type { zhCN } from './zh-CN';

/** The shape of a catalogue: the same nested keys as the default one, any strings as values. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export type Catalogue = Shape<typeof zhCN>;
