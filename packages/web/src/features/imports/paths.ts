/** Spec 000 §2.2: the data import list and detail screens. */
export const IMPORT_LIST_PATH = '/import/importList';
export const importDetailPath = (id: number) => `/import/importDetail/${String(id)}`;
