/**
 * Errors of the Balance and iMask calls (randomising subjects, schemes and tables, remote randomisation,
 * unblinding; docs/decisions.md "Randomisation, blinding and supply"), joined into the one catalogue. The
 * remote-randomisation sentences are spec 000 §8's and spec 002 §8's.
 */
export const BALANCE_ERRORS = {
  'randomisation.scheme_not_found': { status: 404, 'zh-CN': '随机化方案不存在', 'en-US': 'Randomisation scheme not found' },
  'randomisation.scheme_not_draft': { status: 409, 'zh-CN': '方案已批准或已停用，不能修改；请新建方案', 'en-US': 'The scheme is approved or retired and cannot be changed; create a new scheme' },
  'randomisation.simulation_required': {
    status: 409,
    'zh-CN': '请先对方案的当前版本进行模拟，再批准',
    'en-US': 'Simulate the current version of the scheme before approving it',
  },
  'randomisation.scheme_in_use': {
    status: 409,
    'zh-CN': '已批准的方案“{name}”已有受试者随机，不能被替换',
    'en-US': 'The approved scheme “{name}” has randomised subjects and cannot be replaced',
  },
  'randomisation.table_not_found': { status: 404, 'zh-CN': '随机表不存在', 'en-US': 'Randomisation list not found' },
  'randomisation.table_method': { status: 422, 'zh-CN': '最小化法按受试者逐一分配，没有预先生成的随机表', 'en-US': 'Minimisation allocates subject by subject; it has no list made in advance' },
  'randomisation.table_in_use': { status: 409, 'zh-CN': '当前{kind}随机表已有受试者使用，不能替换', 'en-US': 'The current {kind} list has been used by subjects and cannot be replaced' },
  'randomisation.table_invalid': { status: 422, 'zh-CN': '随机表有 {count} 处问题，未保存', 'en-US': 'The randomisation list has {count} problems and was not saved' },
  'randomisation.no_scheme': { status: 409, 'zh-CN': '本项目尚无已批准的随机化方案', 'en-US': 'The project has no approved randomisation scheme' },
  'randomisation.no_table': {
    status: 409,
    'zh-CN': '尚未为本环境生成或上传{kind}随机表',
    'en-US': 'No {kind} randomisation list has been generated or uploaded for this environment',
  },
  'randomisation.not_randomised_project': { status: 409, 'zh-CN': '本项目的分组方式不是随机分组', 'en-US': 'The project does not group subjects by randomisation' },
  'randomisation.already': { status: 409, 'zh-CN': '受试者已于 {at} 随机，随机号 {randomNo}', 'en-US': 'The subject was randomised at {at} with random number {randomNo}' },
  'randomisation.factor_missing': { status: 422, 'zh-CN': '缺少分层因素“{factor}”的取值', 'en-US': 'The stratification factor “{factor}” has no value' },
  'randomisation.factor_invalid': { status: 422, 'zh-CN': '分层因素“{factor}”没有选项“{value}”', 'en-US': 'The stratification factor “{factor}” has no option “{value}”' },
  'randomisation.factor_unknown': { status: 422, 'zh-CN': '方案没有分层因素“{factor}”', 'en-US': 'The scheme has no stratification factor “{factor}”' },
  'randomisation.table_exhausted': {
    status: 409,
    'zh-CN': '分层“{stratum}”的随机号已用完，请联系统计师补充随机表',
    'en-US': 'The list of stratum “{stratum}” is used up; ask the statistician to extend it',
  },
  'randomisation.first_drug_required': {
    status: 422,
    'zh-CN': '本项目没有药物计划，请填写首次药物编号',
    'en-US': 'The project has no drug plan; enter the first drug number',
  },
  'randomisation.factor_source_invalid': { status: 422, 'zh-CN': '分层因素“{factor}”的来源字段不存在', 'en-US': 'The source field of the stratification factor “{factor}” does not exist' },
  // Spec 000 §8 and spec 002 §8, word for word in meaning.
  'randomisation.remote_failed': { status: 502, 'zh-CN': '远程随机失败，请联系管理员', 'en-US': 'Remote randomisation failed, please contact the administrator' },
  'randomisation.remote_site_mapping': { status: 422, 'zh-CN': '两个系统之间的中心映射有误', 'en-US': 'Site mapping error between the two systems' },
  'randomisation.remote_strata_config': { status: 422, 'zh-CN': '分层配置错误', 'en-US': 'Stratification configuration error' },
  'randomisation.remote_site_unmapped': { status: 422, 'zh-CN': '研究中心未映射到随机化系统', 'en-US': 'The study site is not mapped to the randomisation system' },
  'blinding.not_allocated': { status: 404, 'zh-CN': '受试者尚未随机', 'en-US': 'The subject has not been randomised' },
  'blinding.already_unblinded': { status: 409, 'zh-CN': '该受试者已紧急揭盲', 'en-US': 'The subject has already been unblinded in an emergency' },
  'blinding.not_blinded': { status: 409, 'zh-CN': '本项目不设盲或已全部揭盲', 'en-US': 'The study is open-label or already unblinded' },
  'blinding.study_not_locked': {
    status: 409,
    'zh-CN': '数据库锁定后才能全部揭盲（当前状态 {status}）',
    'en-US': 'The whole study can be unblinded only after database lock (status now {status})',
  },
  'blinding.study_already': { status: 409, 'zh-CN': '本环境已全部揭盲', 'en-US': 'This environment has already been unblinded' },
  'blinding.unblinding_not_found': { status: 404, 'zh-CN': '揭盲记录不存在', 'en-US': 'Unblinding record not found' },
} as const;

export const BALANCE_NOTICES = {
  'ok.scheme_saved': { 'zh-CN': '方案已保存', 'en-US': 'Scheme saved' },
  'ok.scheme_approved': { 'zh-CN': '方案已批准', 'en-US': 'Scheme approved' },
  'ok.table_saved': { 'zh-CN': '随机表已保存', 'en-US': 'Randomisation list saved' },
  'ok.randomised': { 'zh-CN': '随机成功', 'en-US': 'Subject randomised' },
  'ok.site_mapping_saved': { 'zh-CN': '中心映射已保存', 'en-US': 'Site mapping saved' },
  'ok.unblinded': { 'zh-CN': '已揭盲', 'en-US': 'Unblinded' },
} as const;
