/**
 * One line saying what went wrong. Node's connection errors can carry an empty message (an AggregateError
 * from trying several addresses), so the code or the inner errors stand in for it.
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map((inner: unknown) => describeError(inner)).join('; ');
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error.message) return error.message;
    return code ?? error.name;
  }
  return String(error);
}
