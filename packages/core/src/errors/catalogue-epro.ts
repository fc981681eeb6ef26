/**
 * Errors of subject questionnaires (core epro/, docs/decisions.md "Subject questionnaires"), joined into the
 * one catalogue (errors/catalogue.ts). A refused link says why in the language the link was made in.
 */
export const EPRO_ERRORS = {
  'epro.link_not_found': { status: 404, 'zh-CN': '问卷链接不存在', 'en-US': 'Questionnaire link not found' },
  'epro.link_unknown': {
    status: 404,
    'zh-CN': '此问卷链接无效，请联系研究人员获取新的链接',
    'en-US': 'This questionnaire link is not valid. Please ask the study team for a new link',
  },
  'epro.link_expired': {
    status: 410,
    'zh-CN': '此问卷链接已过期，请联系研究人员获取新的链接',
    'en-US': 'This questionnaire link has expired. Please ask the study team for a new link',
  },
  'epro.link_revoked': {
    status: 410,
    'zh-CN': '此问卷链接已被撤销，请联系研究人员',
    'en-US': 'This questionnaire link has been withdrawn. Please contact the study team',
  },
  'epro.link_entered': {
    status: 410,
    'zh-CN': '此问卷已提交，感谢您的填写',
    'en-US': 'This questionnaire has already been submitted. Thank you',
  },
  'epro.link_token_mismatch': { status: 422, 'zh-CN': '链接的令牌不符，请重新生成链接后发送', 'en-US': 'The link’s token does not match; make a new link to send' },
  'epro.link_closed': { status: 409, 'zh-CN': '链接已失效，不能再发送或撤销', 'en-US': 'The link is no longer valid; it cannot be sent or revoked' },
  'epro.panel_not_in_link': { status: 404, 'zh-CN': '此问卷不包含该表单', 'en-US': 'This questionnaire does not hold that form' },
  'epro.panel_not_survey': {
    status: 422,
    'zh-CN': '该表单不能由受试者填写（含上传、随机或入组字段，或非录入表单）',
    'en-US': 'This form cannot be filled by the subject (it holds uploads, randomisation or enrolment fields, or is not an entry form)',
  },
  'epro.panel_entered': {
    status: 409,
    'zh-CN': '表单“{name}”已录入数据，受试者不能再填写，请由研究人员修改',
    'en-US': 'The form “{name}” already holds saved data; the subject can no longer fill it, staff change it instead',
  },
  'epro.no_survey_panels': { status: 422, 'zh-CN': '该访视没有可由受试者填写的空白表单', 'en-US': 'The visit has no blank form the subject can fill' },
  'epro.no_email': { status: 422, 'zh-CN': '请填写收件邮箱', 'en-US': 'Please give the e-mail address to send to' },
  'epro.no_wechat': { status: 422, 'zh-CN': '受试者尚未绑定微信', 'en-US': 'The subject has no bound WeChat id' },
  'epro.wechat_unbind_failed': { status: 404, 'zh-CN': '微信解绑失败：受试者未绑定微信', 'en-US': 'WeChat unbinding failed: the subject has no bound WeChat id' },
} as const;

export const EPRO_NOTICES = {
  'epro.link_created': { 'zh-CN': '问卷链接已生成', 'en-US': 'Questionnaire link created' },
  'epro.link_revoked_done': { 'zh-CN': '问卷链接已撤销', 'en-US': 'Questionnaire link withdrawn' },
  'epro.sent': { 'zh-CN': '已加入发送队列', 'en-US': 'Queued for sending' },
  'epro.submitted': { 'zh-CN': '问卷已提交', 'en-US': 'Questionnaire submitted' },
} as const;
