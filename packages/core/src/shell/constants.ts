/** Platform constants of spec 000 §9. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const PROJECT_CODE_DISPLAY_LENGTH = 16;
export const NICKNAME_DISPLAY_LENGTH = 8;
export const REQUEST_TIMEOUT_MS = 20_000;
export const COPYRIGHT_START_YEAR = 2019;
export const PRIMARY_COLOR = '#1890FF';
/** Spec 000 §8.1: success notifications stay 5 seconds; errors stay until closed. */
export const SUCCESS_NOTIFICATION_SECONDS = 5;
/** Spec 000 §9 per-call timeouts of the user administration calls. */
export const USER_CALL_TIMEOUTS_MS = {
  save: 2_000,
  validate: 2_000,
  lock: 3_000,
  unlock: 3_000,
  deleteOne: 3_000,
  batchDelete: 5_000,
} as const;
/**
 * Spec 002 §9: the chart palette of 8 colours, used in this order by every chart (the first is the primary
 * colour, so a single series looks like the rest of the interface).
 */
export const CHART_PALETTE = [
  '#1890FF',
  '#2FC25B',
  '#FACC14',
  '#F04864',
  '#8543E0',
  '#13C2C2',
  '#FA8C16',
  '#3436C7',
] as const;
