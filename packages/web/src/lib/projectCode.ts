import { PROJECT_CODE_DISPLAY_LENGTH } from '@dcap/core';

/** Spec 000 §9: the project code is shown truncated to 16 characters; callers put the full code in a tooltip. */
export function truncateCode(code: string): string {
  return code.length > PROJECT_CODE_DISPLAY_LENGTH ? `${code.slice(0, PROJECT_CODE_DISPLAY_LENGTH)}…` : code;
}
