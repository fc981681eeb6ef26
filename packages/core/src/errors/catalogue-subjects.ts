/** Errors of the data-capture area "subjects" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const SUBJECTS_ERRORS = {
  'subject.not_found': { status: 404, 'zh-CN': '受试者不存在或您无权访问', 'en-US': 'The subject does not exist or you have no access to it' },
  'subject.event_not_found': { status: 404, 'zh-CN': '访视不存在或您无权访问', 'en-US': 'The visit does not exist or you have no access to it' },
  'subject.panel_not_found': { status: 404, 'zh-CN': '表单不存在或您无权访问', 'en-US': 'The form does not exist or you have no access to it' },
  'subject.site_forbidden': { status: 403, 'zh-CN': '您无权访问该中心的受试者', 'en-US': 'You have no access to subjects of this site' },
  'subject.no_design': {
    status: 409,
    'zh-CN': '当前环境尚未发布设计，不能添加受试者',
    'en-US': 'No design is published in this environment, so subjects cannot be added',
  },
  'subject.duplicate_name': {
    status: 409,
    'zh-CN': '本中心已有同名受试者“{name}”，是否继续添加？',
    'en-US': 'A subject named "{name}" already exists at this site. Add anyway?',
  },
  'subject.code_taken': { status: 409, 'zh-CN': '受试者编号 {code} 已被使用', 'en-US': 'Subject code {code} is already in use' },
  'subject.id_number_length': { status: 400, 'zh-CN': '身份证号应为 15 位或 18 位', 'en-US': 'An ID number has 15 or 18 characters' },
  'subject.id_number_format': { status: 400, 'zh-CN': '身份证号格式不正确', 'en-US': 'The ID number is not well formed' },
  'subject.id_number_checksum': { status: 400, 'zh-CN': '身份证号校验位不正确', 'en-US': 'The ID number’s check character is wrong' },
  'subject.id_number_birth_date': { status: 400, 'zh-CN': '身份证号中的出生日期无效', 'en-US': 'The birth date in the ID number is not valid' },
  'subject.id_number_conflict': {
    status: 422,
    'zh-CN': '性别或出生日期与身份证号不一致',
    'en-US': 'The sex or birth date does not match the ID number',
  },
  'subject.birth_date_future': { status: 400, 'zh-CN': '出生日期不能晚于今天', 'en-US': 'The birth date cannot be later than today' },
  'subject.same_status': { status: 409, 'zh-CN': '受试者已处于该状态', 'en-US': 'The subject already has this status' },
  'subject.transition_forbidden': {
    status: 422,
    'zh-CN': '受试者状态不能从“{from}”变为“{to}”',
    'en-US': 'A subject’s status cannot change from {from} to {to}',
  },
  'subject.reason_required': { status: 400, 'zh-CN': '请填写原因', 'en-US': 'Give a reason' },
  'subject.enrolment_incomplete': {
    status: 400,
    'zh-CN': '入组需要随机号、治疗阶段和首次药物编号',
    'en-US': 'Enrolment needs the random number, treatment phase and first drug number',
  },
  'subject.enrolment_vars_missing': {
    status: 422,
    'zh-CN': '入组前请先填写受试者的姓名缩写、性别、出生日期和知情同意日期',
    'en-US': 'Fill in the subject’s initials, sex, birth date and informed consent date before enrolment',
  },
  'subject.enrol_by_randomisation': {
    status: 409,
    'zh-CN': '本项目为随机分组，受试者须经随机入组',
    'en-US': 'This project groups subjects by randomisation: subjects are enrolled by randomising them',
  },
  'subject.clinical_number_required': { status: 422, 'zh-CN': '入组前请先填写临床筛选号', 'en-US': 'Fill in the clinical screening number before enrolment' },
  'subject.panels_not_signed': {
    status: 422,
    'zh-CN': '受试者有 {count} 个表单未签名、已冻结或已锁定，不能标记为完成试验',
    'en-US': 'The subject has {count} forms unsigned, frozen or locked, so it cannot be marked as having completed the trial',
  },
  'subject.pre_screen_off': { status: 422, 'zh-CN': '项目未启用预筛选或预筛选已暂停', 'en-US': 'The project does not pre-screen, or pre-screening is suspended' },
  'subject.rollback_not_allowed': {
    status: 422,
    'zh-CN': '只有筛选成功或筛选失败且未入组的受试者可以申请回退筛选期计划',
    'en-US': 'Only a subject with a screening result who was never enrolled can have the screening-period plan rolled back',
  },
  'subject.request_pending': { status: 409, 'zh-CN': '该受试者已有待审批的申请', 'en-US': 'A request for this subject is already waiting for a decision' },
  'subject.request_not_found': { status: 404, 'zh-CN': '申请不存在或您无权访问', 'en-US': 'The request does not exist or you have no access to it' },
  'subject.request_decided': { status: 409, 'zh-CN': '该申请已处理', 'en-US': 'The request has already been decided' },
  'subject.request_own': { status: 403, 'zh-CN': '申请人不能审批自己的申请', 'en-US': 'You cannot decide your own request' },
  'subject.comment_required': { status: 400, 'zh-CN': '驳回时请填写意见', 'en-US': 'Give a comment when rejecting' },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const SUBJECTS_NOTICES = {
  'subject.added': { 'zh-CN': '受试者已添加', 'en-US': 'Subject added' },
  'subject.enrolled': { 'zh-CN': '受试者已入组', 'en-US': 'Subject enrolled' },
  'subject.request_sent': { 'zh-CN': '申请已提交，等待审批', 'en-US': 'Request sent for a decision' },
} as const;
