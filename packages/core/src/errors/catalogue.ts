import type { Locale } from '../i18n/locale.js';
import { interpolate } from '../i18n/locale.js';
import { SUBJECTS_ERRORS, SUBJECTS_NOTICES } from './catalogue-subjects.js';
import { SCHEDULE_ERRORS, SCHEDULE_NOTICES } from './catalogue-schedule.js';
import { RECORDS_ERRORS, RECORDS_NOTICES } from './catalogue-records.js';
import { WORKFLOW_ERRORS, WORKFLOW_NOTICES } from './catalogue-workflow.js';
import { QUERIES_ERRORS, QUERIES_NOTICES } from './catalogue-queries.js';
import { ATTACHMENTS_ERRORS, ATTACHMENTS_NOTICES } from './catalogue-attachments.js';
import { DESIGN_IMPORT_ERRORS } from './catalogue-design-import.js';
import { CRF_ERRORS } from './catalogue-crf.js';
import { ODM_ERRORS } from './catalogue-odm.js';
import { IMPORTS_ERRORS, IMPORTS_NOTICES } from './catalogue-imports.js';
import { EXPORTS_ERRORS, EXPORTS_NOTICES } from './catalogue-exports.js';
import { RANDOMISATION_ERRORS } from './catalogue-randomisation.js';
import { BALANCE_ERRORS, BALANCE_NOTICES } from './catalogue-balance.js';
import { SUPPLY_ERRORS } from './catalogue-supply.js';
import { EPRO_ERRORS, EPRO_NOTICES } from './catalogue-epro.js';
import { MESSAGES_ERRORS, MESSAGES_NOTICES } from './catalogue-messages.js';
import { ADMIN_ERRORS, ADMIN_NOTICES } from './catalogue-admin.js';
import { MESSAGE_CONFIG_ERRORS } from './catalogue-message-config.js';
import { SOP_ERRORS, SOP_NOTICES } from './catalogue-sop.js';
import { SIGNATURE_ERRORS, SIGNATURE_NOTICES } from './catalogue-signature.js';
import { AREAS_ERRORS } from './catalogue-areas.js';
import { CODING_ERRORS, CODING_NOTICES } from './catalogue-coding.js';
import { ANALYTICS_ERRORS } from './catalogue-analytics.js';
import { CONTENT_ERRORS } from './catalogue-content.js';
import { SIGNIN_ERRORS, SIGNIN_NOTICES } from './catalogue-signin.js';
import { SYSCONFIG_ERRORS, SYSCONFIG_NOTICES } from './catalogue-sysconfig.js';

/**
 * One catalogue of every error the platform reports: a stable code, the HTTP status it maps to
 * (ARCHITECTURE §4), and the sentence in both languages. Services throw codes; the HTTP layer renders
 * them once.
 */
export const ERRORS = {
  'request.invalid': { status: 400, 'zh-CN': '请求参数有误：{detail}', 'en-US': 'Invalid request: {detail}' },
  'request.malformed_json': { status: 400, 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  'request.unsupported_media_type': {
    status: 415,
    'zh-CN': '不支持的内容类型 {type}',
    'en-US': 'Unsupported content type {type}',
  },
  'request.too_large': { status: 413, 'zh-CN': '请求内容过大（上限 {limit}）', 'en-US': 'The request body is too large (limit {limit})' },
  'request.url_invalid': { status: 400, 'zh-CN': '请求地址无效或过长', 'en-US': 'The request address is invalid or too long' },
  'request.rate_limited': {
    status: 429,
    'zh-CN': '尝试过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many attempts, please try again in {seconds} seconds',
  },
  'route.not_found': { status: 404, 'zh-CN': '接口不存在：{method} {url}', 'en-US': 'No such endpoint: {method} {url}' },
  'auth.required': { status: 401, 'zh-CN': '请重新登录', 'en-US': 'Please login again' },
  'auth.session_expired': {
    status: 401,
    'zh-CN': '长时间未操作，会话已过期，请重新登录',
    'en-US': 'Your session expired after a period of inactivity, please login again',
  },
  'auth.invalid_credentials': { status: 401, 'zh-CN': '用户名或密码错误', 'en-US': 'Invalid username or password' },
  // Sign-in answers auth.invalid_credentials for a locked or disabled account too (docs/decisions.md).
  'auth.password_change_required': {
    status: 403,
    'zh-CN': '您的密码由管理员设置，请先设置新密码',
    'en-US': 'Your password was set by an administrator; set a new password first',
  },
  'auth.wrong_old_password': { status: 422, 'zh-CN': '原密码不正确', 'en-US': 'The current password is incorrect' },
  'auth.password_reused': {
    status: 422,
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'permission.platform_admin_required': {
    status: 403,
    'zh-CN': '仅平台管理员可以执行此操作',
    'en-US': 'Only platform administrators may do this',
  },
  'user.not_found': { status: 404, 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  'user.username_taken': {
    status: 409,
    'zh-CN': '登录名 {username} 已被使用（登录名不可重复使用）',
    'en-US': 'The login name {username} is already taken (login names are never reused)',
  },
  'user.cannot_change_self': {
    status: 422,
    'zh-CN': '不能锁定、删除或降低自己的权限',
    'en-US': 'You cannot lock, delete or demote your own account',
  },
  'user.last_admin': {
    status: 422,
    'zh-CN': '至少需要保留一位可用的平台管理员',
    'en-US': 'At least one active platform administrator must remain',
  },
  'user.deleted': { status: 422, 'zh-CN': '该用户已删除，不能修改', 'en-US': 'This user has been deleted and cannot be changed' },
  'user.sheet_unreadable': { status: 400, 'zh-CN': '无法读取该文件，请上传 xlsx 格式的用户表', 'en-US': 'The file cannot be read; upload the user sheet as an xlsx file' },
  'user.sheet_empty': { status: 400, 'zh-CN': '用户表中没有数据行', 'en-US': 'The user sheet holds no rows' },
  'user.sheet_too_many': { status: 400, 'zh-CN': '一次最多导入 {max} 个用户', 'en-US': 'At most {max} users can be imported at once' },
  'user.sheet_duplicate': { status: 409, 'zh-CN': '登录名 {username} 在表中重复', 'en-US': 'The login name {username} appears more than once in the sheet' },
  'user.picker_forbidden': { status: 403, 'zh-CN': '只有管理员或用户权限管理者可以查看用户列表', 'en-US': 'Only administrators and user-rights managers may list users' },
  'session.switch_forbidden': { status: 403, 'zh-CN': '只能切换到本人的其他会话', 'en-US': 'You can only switch to another session of your own' },
  'session.not_found': { status: 404, 'zh-CN': '会话不存在或已结束', 'en-US': 'The session does not exist or has ended' },
  'file.not_found': { status: 404, 'zh-CN': '文件不存在或您无权访问', 'en-US': 'The file does not exist or you have no access to it' },
  'project.not_found': { status: 404, 'zh-CN': '项目不存在或您无权访问', 'en-US': 'The project does not exist or you have no access to it' },
  'project.no_current': {
    status: 409,
    'zh-CN': '请先选择项目',
    'en-US': 'Choose a project first',
  },
  'permission.project_forbidden': {
    status: 403,
    'zh-CN': '当前角色无此权限，请联系项目管理员',
    'en-US': 'Your current role does not allow this; please contact the project manager',
  },
  'permission.no_role': {
    status: 403,
    'zh-CN': '您在该项目中没有角色，请联系项目管理员',
    'en-US': 'You have no role in this project; please contact the project manager',
  },
  'permission.site_forbidden': {
    status: 403,
    'zh-CN': '您无权操作该中心',
    'en-US': 'You may not act for this site',
  },
  'project.code_taken': { status: 409, 'zh-CN': '项目编号 {code} 已存在', 'en-US': 'The project code {code} already exists' },
  'project.status_forbids': {
    status: 422,
    'zh-CN': '项目当前状态（{status}）不允许此操作',
    'en-US': 'This is not allowed while the project is in status {status}',
  },
  'project.illegal_transition': {
    status: 422,
    'zh-CN': '项目不能从 {from} 变更为 {to}',
    'en-US': 'A project cannot move from {from} to {to}',
  },
  'project.stale_status': {
    status: 409,
    'zh-CN': '项目状态已变为 {status}，请刷新后重试',
    'en-US': 'The project status is now {status}; refresh and try again',
  },
  'project.config_audit_required': {
    status: 422,
    'zh-CN': '请先提交配置审核申请',
    'en-US': 'Apply for the configuration audit first',
  },
  'project.uat_required': { status: 422, 'zh-CN': '请先确认 UAT 测试', 'en-US': 'Confirm the UAT test first' },
  'project.online_not_requested': { status: 422, 'zh-CN': '项目尚未申请上线', 'en-US': 'The project has not applied to go online' },
  'project.application_pending': {
    status: 409,
    'zh-CN': '该项目已有待审批的状态变更申请',
    'en-US': 'The project already has a status-change application awaiting decision',
  },
  'project.picture_not_found': { status: 404, 'zh-CN': '图片不存在或已删除', 'en-US': 'The picture does not exist or has been deleted' },
  'project.pre_screen_not_used': { status: 422, 'zh-CN': '项目未启用预筛选', 'en-US': 'The project does not use pre-screening' },
  'project.pre_screen_suspended': { status: 409, 'zh-CN': '预筛选已暂停', 'en-US': 'Pre-screening is already suspended' },
  'project.application_not_found': { status: 404, 'zh-CN': '申请不存在', 'en-US': 'Application not found' },
  'project.application_decided': { status: 409, 'zh-CN': '该申请已处理', 'en-US': 'This application has already been decided' },
  'project.four_eyes': {
    status: 422,
    'zh-CN': '申请人不能审批自己的申请',
    'en-US': 'An applicant cannot decide their own application',
  },
  'project.four_eyes_no_other': {
    status: 422,
    'zh-CN': '申请人不能审批自己的申请，且目前没有其他平台管理员可以审批；请先增设一名平台管理员',
    'en-US': 'An applicant cannot decide their own application, and no other platform administrator can decide it; ask for another platform administrator to be added',
  },
  'project.gates_unmet': {
    status: 422,
    'zh-CN': '项目尚不能进入{target}，还缺少：{missing}',
    'en-US': 'The project cannot enter {target} yet; missing: {missing}',
  },
  'project.online_already_requested': {
    status: 409,
    'zh-CN': '项目已申请上线，正在等待审批',
    'en-US': 'The project has already applied to go online; the application awaits decision',
  },
  'project.reason_required': { status: 400, 'zh-CN': '驳回申请须填写原因', 'en-US': 'A reason is required to reject an application' },
  'env.not_found': { status: 404, 'zh-CN': '环境不存在', 'en-US': 'Environment not found' },
  'env.key_taken': { status: 409, 'zh-CN': '环境 {key} 已存在', 'en-US': 'The environment {key} already exists' },
  'env.disabled': { status: 422, 'zh-CN': '该环境已停用，不能选择', 'en-US': 'This environment is disabled and cannot be chosen' },
  'env.not_cleanable': {
    status: 422,
    'zh-CN': '生产环境的数据不能清除',
    'en-US': 'Data of the production environment cannot be cleaned',
  },
  'env.none_available': {
    status: 422,
    'zh-CN': '没有可用环境，请联系管理员',
    'en-US': 'No environment is available; contact the administrator',
  },
  'site.not_found': { status: 404, 'zh-CN': '中心不存在', 'en-US': 'Site not found' },
  'site.code_taken': { status: 409, 'zh-CN': '中心编号 {code} 已存在', 'en-US': 'The site code {code} already exists' },
  'site.unit_taken': { status: 409, 'zh-CN': '该医院已是本项目的中心', 'en-US': 'This hospital is already a site of the project' },
  'unit.not_found': { status: 404, 'zh-CN': '医院不存在', 'en-US': 'Hospital not found' },
  'unit.code_taken': { status: 409, 'zh-CN': '医院编号 {code} 已存在', 'en-US': 'The hospital code {code} already exists' },
  'unit.disabled': { status: 422, 'zh-CN': '该医院已停用', 'en-US': 'This hospital is disabled' },
  'department.not_found': { status: 404, 'zh-CN': '科室不存在', 'en-US': 'Department not found' },
  'department.name_taken': { status: 409, 'zh-CN': '科室 {name} 已存在', 'en-US': 'The department {name} already exists' },
  'role.not_found': { status: 404, 'zh-CN': '角色不存在', 'en-US': 'Role not found' },
  'role.alias_taken': { status: 409, 'zh-CN': '角色名 {alias} 已存在', 'en-US': 'The role name {alias} already exists' },
  // 403 both when switching to a disabled role and when a session still on it calls: the web sends the user to
  // /tools/RoleDisabled (spec 000 §4.4) on this code.
  'role.disabled': { status: 403, 'zh-CN': '该角色已停用，请联系项目管理员', 'en-US': 'This role is disabled; please contact the project manager' },
  'role.in_use': {
    status: 409,
    'zh-CN': '角色仍有 {count} 位用户，请先收回',
    'en-US': 'The role is still held by {count} users; revoke it first',
  },
  'role.site_outside_role': {
    status: 422,
    'zh-CN': '所选中心不在角色的中心范围内',
    'en-US': 'The chosen sites lie outside the role’s sites',
  },
  'role.unknown_site': { status: 422, 'zh-CN': '中心不属于本项目', 'en-US': 'A chosen site does not belong to this project' },
  'role.not_assigned': { status: 404, 'zh-CN': '该用户未持有此角色', 'en-US': 'The user does not hold this role' },
  'role.already_assigned': { status: 409, 'zh-CN': '用户已持有此角色', 'en-US': 'The user already holds this role' },
  'role.user_inactive': {
    status: 422,
    'zh-CN': '用户 {username} 已锁定或删除，不能授予角色',
    'en-US': 'The user {username} is locked or deleted and cannot be given a role',
  },
  'role.self_grant': {
    status: 403,
    'zh-CN': '不能给自己授予角色或扩大自己的中心权限，请联系其他管理员',
    'en-US': 'You cannot grant yourself a role or widen your own sites; ask another manager',
  },
  // Role administration never raises access beyond the caller's own (spec 000 §6; docs/decisions.md).
  'role.rights_exceeded': {
    status: 403,
    'zh-CN': '只能创建、修改或授予您当前角色已具备的权限',
    'en-US': 'You can only create, change or grant roles whose rights your own role holds',
  },
  'role.own_role': {
    status: 403,
    'zh-CN': '不能修改自己所持角色的权限、中心或启用状态，请联系其他管理员',
    'en-US': 'You cannot change the rights, sites or enabled state of a role you hold; ask another manager',
  },
  'role.last_administrator': {
    status: 409,
    'zh-CN': '此操作会使项目中再无人可以管理用户权限',
    'en-US': 'This would leave no one in the project who can manage user rights',
  },
  'design.dev_env_required': {
    status: 409,
    'zh-CN': '设计只能在开发环境中修改，请先切换到开发环境',
    'en-US': 'The design can only be changed in a development environment; switch to one first',
  },
  'design.panel_invalid': {
    status: 422,
    'zh-CN': '表单有 {count} 处问题，未保存',
    'en-US': 'The panel has {count} problem(s) and was not saved',
  },
  'design.file_invalid': {
    status: 422,
    'zh-CN': '上传的文件格式不正确：{detail}',
    'en-US': 'The uploaded file is not valid: {detail}',
  },
  'design.nothing_on_uat': {
    status: 422,
    'zh-CN': '测试环境尚未发布任何版本，请先发布到测试环境',
    'en-US': 'Nothing has been published to the test environment yet; publish to test first',
  },
  'design.target_env_missing': {
    status: 422,
    'zh-CN': '项目没有 {target} 环境',
    'en-US': 'The project has no {target} environment',
  },
  'design.version_not_found': { status: 404, 'zh-CN': '设计版本 {version} 不存在', 'en-US': 'Design version {version} not found' },
  'design.incomplete_order': {
    status: 422,
    'zh-CN': '排序须包含本项目的全部条目，且每项只出现一次',
    'en-US': 'The order must list every item of the project exactly once',
  },
  'sync.data_not_copied': {
    status: 422,
    'zh-CN': '只能同步设计：环境之间不复制研究数据',
    'en-US': 'Only the design is synchronised: study data is never copied between environments',
  },
  'sync.in_progress': {
    status: 409,
    'zh-CN': '本项目已有同步任务在排队或执行中，请等待其完成',
    'en-US': 'A synchronisation of this project is already queued or running; wait for it to finish',
  },
  'sync.source_empty': {
    status: 422,
    'zh-CN': '{source} 环境尚未运行任何设计版本，没有可同步的内容',
    'en-US': 'The {source} environment runs no design version yet; there is nothing to synchronise',
  },
  'sync.task_not_found': { status: 404, 'zh-CN': '同步任务不存在', 'en-US': 'Synchronisation task not found' },
  'sync.task_finished': {
    status: 409,
    'zh-CN': '该同步任务已结束（成功、失败或已取消），不能再取消',
    'en-US': 'This synchronisation task has already ended (succeeded, failed or cancelled) and cannot be cancelled',
  },
  'project.reset_confirmation_mismatch': {
    status: 422,
    'zh-CN': '输入的项目编号与本项目不符，未重置',
    'en-US': 'The code you typed does not match the project code; nothing was reset',
  },
  'project.reset_production_live': {
    status: 422,
    'zh-CN': '项目上线后不能重置生产环境（当前状态 {status}）',
    'en-US': 'Production cannot be reset once the project has gone online (status {status})',
  },
  'job.abandoned': {
    status: 500,
    'zh-CN': '任务已中断 {attempts} 次仍未完成，已放弃',
    'en-US': 'The task was interrupted {attempts} times without finishing and was given up',
  },
  'job.internal_error': {
    status: 500,
    'zh-CN': '任务意外失败，详情见服务器日志',
    'en-US': 'The task failed unexpectedly; the server log has the details',
  },
  'instrument.not_found': { status: 404, 'zh-CN': '表单不存在', 'en-US': 'Instrument not found' },
  'instrument.template_not_found': { status: 404, 'zh-CN': '表单模板不存在', 'en-US': 'Panel template not found' },
  'instrument.abbr_taken': {
    status: 409,
    'zh-CN': '表单简称 {nameAbbr} 已存在（不区分大小写）',
    'en-US': 'The instrument abbreviation {nameAbbr} already exists (case-insensitive)',
  },
  'instrument.kind_mismatch': {
    status: 422,
    'zh-CN': '表单类型不符：该表单为 {kind} 类型',
    'en-US': 'Wrong instrument kind: this instrument is of kind {kind}',
  },
  'event.not_found': { status: 404, 'zh-CN': '访视不存在', 'en-US': 'Event not found' },
  'event.name_taken': { status: 409, 'zh-CN': '访视名称 {name} 已存在', 'en-US': 'The event name {name} already exists' },
  'event.schedule_not_allowed': {
    status: 422,
    'zh-CN': '{type} 类型的访视没有计划日和窗口期',
    'en-US': 'An event of type {type} has no planned day and no window',
  },
  'event.baseline_offset': {
    status: 422,
    'zh-CN': '基线访视的计划日必须为 0',
    'en-US': 'The baseline event is planned on day 0',
  },
  'event.unknown_cell': {
    status: 422,
    'zh-CN': '访视表单矩阵含有不属于本项目的访视或表单',
    'en-US': 'The matrix names an event or instrument that does not belong to this project',
  },
  'conflict.stale': {
    status: 409,
    'zh-CN': '数据已被他人修改，请刷新后重试',
    'en-US': 'The data was changed by someone else; refresh and try again',
  },
  'library.domain_not_found': { status: 404, 'zh-CN': '标准域 {domain} 不存在', 'en-US': 'Standard domain {domain} not found' },
  'library.domain_not_empty': {
    status: 409,
    'zh-CN': '标准域 {domain} 下还有 {count} 个变量，请先删除变量',
    'en-US': 'Standard domain {domain} still holds {count} variable(s); delete them first',
  },
  'library.field_not_found': { status: 404, 'zh-CN': '标准变量不存在', 'en-US': 'Standard variable not found' },
  'library.field_name_taken': {
    status: 409,
    'zh-CN': '变量名 {name} 已存在（变量名在所有域中唯一）',
    'en-US': 'The variable name {name} already exists (names are unique across domains)',
  },
  'library.template_not_found': { status: 404, 'zh-CN': '表单模板不存在', 'en-US': 'Panel template not found' },
  'library.template_abbr_taken': { status: 409, 'zh-CN': '模板缩写 {abbr} 已存在', 'en-US': 'The template abbreviation {abbr} already exists' },
  'library.dict_not_found': { status: 404, 'zh-CN': '字典 {key} 不存在', 'en-US': 'Dictionary {key} not found' },
  'library.dict_key_taken': { status: 409, 'zh-CN': '字典编码 {key} 已存在', 'en-US': 'The dictionary key {key} already exists' },
  'library.dict_key_platform': {
    status: 409,
    'zh-CN': '字典编码 {key} 已被平台字典使用，请换一个编码',
    'en-US': 'The dictionary key {key} is used by a platform dictionary; choose another key',
  },
  'library.derived_not_found': { status: 404, 'zh-CN': '衍生变量不存在', 'en-US': 'Derived field not found' },
  'library.derived_name_taken': { status: 409, 'zh-CN': '衍生变量名 {name} 已存在', 'en-US': 'The derived field name {name} already exists' },
  'library.derived_widget_mismatch': {
    status: 422,
    'zh-CN': '{group} 组的衍生变量须使用 {types} 控件',
    'en-US': 'A derived field of group {group} uses a {types} widget',
  },
  'library.derived_formula_invalid': {
    status: 422,
    'zh-CN': '计算公式有误：{detail}',
    'en-US': 'The formula cannot be read: {detailEn}',
  },
  'library.derived_options_required': {
    status: 422,
    'zh-CN': '分类或有序衍生变量须至少有一个选项',
    'en-US': 'A categorical or ordinal derived field needs at least one option',
  },
  // Values the database refused that the request schemas let through (STYLE 6: translated in one place).
  'data.invalid_text': {
    status: 400,
    'zh-CN': '文本含有无法保存的字符（如空字符或控制字符）',
    'en-US': 'The text holds characters that cannot be stored (such as NUL or control characters)',
  },
  'data.out_of_range': { status: 400, 'zh-CN': '数值超出允许范围', 'en-US': 'A number is outside the allowed range' },
  'data.too_long': { status: 400, 'zh-CN': '内容超出允许长度', 'en-US': 'A value is longer than allowed' },
  'data.invalid_value': { status: 400, 'zh-CN': '数据格式不正确', 'en-US': 'A value has an invalid format' },
  'data.required': { status: 400, 'zh-CN': '缺少必填数据', 'en-US': 'A required value is missing' },
  'data.duplicate': { status: 409, 'zh-CN': '数据已存在，不能重复', 'en-US': 'The data already exists and cannot be duplicated' },
  'data.reference': {
    status: 409,
    'zh-CN': '数据引用的记录不存在，或仍被其他记录引用',
    'en-US': 'The data refers to a record that does not exist, or is still referred to by other records',
  },
  'data.rule_violated': { status: 422, 'zh-CN': '数据不符合规则', 'en-US': 'The data breaks a rule of the database' },
  'data.too_complex': { status: 400, 'zh-CN': '请求内容过于复杂', 'en-US': 'The request is too complex to process' },
  'internal.error': { status: 500, 'zh-CN': '系统异常，请稍后再试', 'en-US': 'Internal error, please try again later' },
  // Data capture (spec 002), one file per area.
  ...SUBJECTS_ERRORS,
  ...SCHEDULE_ERRORS,
  ...RECORDS_ERRORS,
  ...WORKFLOW_ERRORS,
  ...QUERIES_ERRORS,
  ...EXPORTS_ERRORS,
  ...ATTACHMENTS_ERRORS,
  ...DESIGN_IMPORT_ERRORS,
  ...CRF_ERRORS,
  ...ODM_ERRORS,
  ...IMPORTS_ERRORS,
  ...RANDOMISATION_ERRORS,
  ...BALANCE_ERRORS,
  ...SUPPLY_ERRORS,
  ...EPRO_ERRORS,
  ...MESSAGES_ERRORS,
  ...ADMIN_ERRORS,
  ...MESSAGE_CONFIG_ERRORS,
  ...SOP_ERRORS,
  ...SIGNATURE_ERRORS,
  ...AREAS_ERRORS,
  ...CODING_ERRORS,
  ...ANALYTICS_ERRORS,
  ...CONTENT_ERRORS,
  ...SIGNIN_ERRORS,
  ...SYSCONFIG_ERRORS,
} as const satisfies Record<string, { status: number } & Record<Locale, string>>;

export type ErrorCode = keyof typeof ERRORS;

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(code: ErrorCode, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(ERRORS[code][locale], params);
}

/**
 * The sentences of successful responses (the envelope's `msg` when `code` is 0), by code, in both languages:
 * the same shape as the errors above, so no response carries a sentence written anywhere else.
 */
export const NOTICES = {
  'ok.done': { 'zh-CN': '操作成功', 'en-US': 'Operation success' },
  ...SUBJECTS_NOTICES,
  ...SCHEDULE_NOTICES,
  ...RECORDS_NOTICES,
  ...WORKFLOW_NOTICES,
  ...QUERIES_NOTICES,
  ...EXPORTS_NOTICES,
  ...ATTACHMENTS_NOTICES,
  ...IMPORTS_NOTICES,
  ...BALANCE_NOTICES,
  ...EPRO_NOTICES,
  ...SIGNIN_NOTICES,
  ...MESSAGES_NOTICES,
  ...SOP_NOTICES,
  ...SIGNATURE_NOTICES,
  ...CODING_NOTICES,
  ...ADMIN_NOTICES,
  ...SYSCONFIG_NOTICES,
} as const satisfies Record<string, Record<Locale, string>>;

export type NoticeCode = keyof typeof NOTICES;

export function noticeMessage(code: NoticeCode, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(NOTICES[code][locale], params);
}
