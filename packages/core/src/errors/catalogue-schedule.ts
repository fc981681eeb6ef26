/** Errors of the data-capture area "schedule" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const SCHEDULE_ERRORS = {
  // Entries: 'area.code': { status: 4xx, 'zh-CN': '…', 'en-US': '…' },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const SCHEDULE_NOTICES = {} as const;
