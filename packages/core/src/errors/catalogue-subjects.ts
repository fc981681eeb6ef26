/** Errors of the data-capture area "subjects" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const SUBJECTS_ERRORS = {
  'subject.not_found': { status: 404, 'zh-CN': '受试者不存在或您无权访问', 'en-US': 'The subject does not exist or you have no access to it' },
  'subject.event_not_found': { status: 404, 'zh-CN': '访视不存在或您无权访问', 'en-US': 'The visit does not exist or you have no access to it' },
  'subject.panel_not_found': { status: 404, 'zh-CN': '表单不存在或您无权访问', 'en-US': 'The form does not exist or you have no access to it' },
  'subject.site_forbidden': { status: 403, 'zh-CN': '您无权访问该中心的受试者', 'en-US': 'You have no access to subjects of this site' },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const SUBJECTS_NOTICES = {} as const;
