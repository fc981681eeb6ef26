import type { FormInstance } from 'antd';
import { isApiError } from '../api/errors';

/**
 * Puts the server's field errors (`errors[]` with a path) on the matching form fields. Some refusals carry
 * only a catalogue code (a taken login name, a wrong current password); `codeFields` says which field
 * they belong to. Returns whether anything was marked.
 */
export function showServerErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  codeFields: Readonly<Record<string, string>> = {},
): boolean {
  if (!isApiError(error)) return false;
  const marks = error.errors
    .map((item) => ({ name: item.path.split('.')[0] ?? '', errors: [item.message] }))
    .filter((mark) => fields.includes(mark.name));
  const codeField = error.errorCode ? codeFields[error.errorCode] : undefined;
  if (marks.length === 0 && codeField) marks.push({ name: codeField, errors: [error.msg] });
  form.setFields(marks);
  return marks.length > 0;
}
