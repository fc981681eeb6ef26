/**
 * Which statements both database connections prepare once and run by name (database.ts `preparingPool` for
 * PostgreSQL, pglite-dialect.ts for the embedded database): parameterised data queries, which the
 * application sends over and over. Queries come from code, so the set of distinct texts is small; past the
 * cap, statements run unnamed.
 */
const DATA_QUERY = /^\s*(select|insert|update|delete|with)\b/i;

export const MAX_PREPARED_STATEMENTS = 2000;

export function worthPreparing(text: string, parameterCount: number): boolean {
  return parameterCount > 0 && DATA_QUERY.test(text);
}
