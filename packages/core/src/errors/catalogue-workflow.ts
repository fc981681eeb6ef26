/** Errors of the data-capture area "workflow" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const WORKFLOW_ERRORS = {
  // One per refusal of core records/workflow.ts fieldAction (COMPLIANCE WF-1).
  'workflow.unknown_action': { status: 400, 'zh-CN': '未知的操作', 'en-US': 'Unknown action' },
  'workflow.step_not_used': { status: 422, 'zh-CN': '本项目的稽查流程未使用该步骤', 'en-US': "The project's audit process does not use this step" },
  'workflow.widget': { status: 422, 'zh-CN': '该字段不提供此操作', 'en-US': 'This field does not offer this action' },
  'workflow.right': { status: 403, 'zh-CN': '您没有执行此操作的权限', 'en-US': 'You do not have the right to perform this action' },
  'workflow.status': { status: 409, 'zh-CN': '字段当前状态（{status}）不允许此操作', 'en-US': "The field's current status ({status}) does not allow this action" },
  'workflow.frozen': { status: 409, 'zh-CN': '字段已冻结', 'en-US': 'The field is frozen' },
  'workflow.not_frozen': { status: 409, 'zh-CN': '字段未冻结', 'en-US': 'The field is not frozen' },
  'workflow.inactive': { status: 409, 'zh-CN': '字段已失活', 'en-US': 'The field is inactive' },
  'workflow.not_inactive': { status: 409, 'zh-CN': '字段未失活', 'en-US': 'The field is not inactive' },
  'workflow.inactive_type': { status: 400, 'zh-CN': '请选择失活类型', 'en-US': 'Choose an inactive type' },
  'workflow.field_not_found': { status: 404, 'zh-CN': '字段不存在：{path}', 'en-US': 'The field does not exist: {path}' },
  'workflow.signature_not_found': { status: 404, 'zh-CN': '签名不存在', 'en-US': 'The signature does not exist' },
  'signature.step_not_used': { status: 422, 'zh-CN': '本项目的稽查流程未使用签名', 'en-US': "The project's audit process does not use signatures" },
  'signature.not_self': { status: 422, 'zh-CN': '只能使用您本人的账号签名', 'en-US': 'You can only sign with your own account' },
  // Not 401: a wrong password at signing must not end the signed-in session (COMPLIANCE ES-2 counts it instead).
  'signature.invalid_credentials': { status: 422, 'zh-CN': '用户名或密码错误', 'en-US': 'Invalid username or password' },
  'signature.account_locked': { status: 422, 'zh-CN': '账号因多次密码错误已被锁定', 'en-US': 'The account is locked after repeated wrong passwords' },
  'signature.nothing_to_sign': { status: 409, 'zh-CN': '签名范围内没有已录入的数据', 'en-US': 'There are no entered data in the scope to sign' },
  'signature.not_ready': {
    status: 409,
    'zh-CN': '以下字段尚未完成签名前的步骤：{fields}',
    'en-US': 'These fields have not completed the steps before signing: {fields}',
  },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const WORKFLOW_NOTICES = {
  'workflow.applied': { 'zh-CN': '操作成功', 'en-US': 'Done' },
  'signature.signed': { 'zh-CN': '签名成功', 'en-US': 'Signed' },
} as const;
