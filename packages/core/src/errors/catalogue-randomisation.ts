/** Errors of randomisation (core randomisation/, docs/decisions.md "Randomisation"), joined into the one catalogue (errors/catalogue.ts). */
export const RANDOMISATION_ERRORS = {
  // Stratification factors exchanged with a remote randomisation system must match exactly (spec 002 §5).
  'randomisation.factor_code_mismatch': {
    status: 422,
    'zh-CN': '分层因素第 {position} 个的编码不一致：本系统为“{local}”，随机化系统为“{remote}”',
    'en-US': 'Stratification factor {position} differs in code: “{local}” here, “{remote}” in the randomisation system',
  },
  'randomisation.factor_order_mismatch': {
    status: 422,
    'zh-CN': '分层因素顺序不一致：第 {position} 个本系统为“{local}”，随机化系统为“{remote}”',
    'en-US': 'The stratification factors are in another order: factor {position} is “{local}” here, “{remote}” in the randomisation system',
  },
  'randomisation.factor_label_mismatch': {
    status: 422,
    'zh-CN': '分层因素“{factor}”的名称不一致：本系统为“{local}”，随机化系统为“{remote}”',
    'en-US': 'The stratification factor “{factor}” is named “{local}” here, “{remote}” in the randomisation system',
  },
  'randomisation.option_code_mismatch': {
    status: 422,
    'zh-CN': '分层因素“{factor}”第 {position} 个选项的编码不一致：本系统为“{local}”，随机化系统为“{remote}”',
    'en-US': 'Option {position} of the stratification factor “{factor}” differs in code: “{local}” here, “{remote}” in the randomisation system',
  },
  'randomisation.option_order_mismatch': {
    status: 422,
    'zh-CN': '分层因素“{factor}”的选项顺序不一致：第 {position} 个本系统为“{local}”，随机化系统为“{remote}”',
    'en-US': 'The options of the stratification factor “{factor}” are in another order: option {position} is “{local}” here, “{remote}” in the randomisation system',
  },
  'randomisation.option_label_mismatch': {
    status: 422,
    'zh-CN': '分层因素“{factor}”选项“{option}”的标签不一致：本系统为“{local}”，随机化系统为“{remote}”',
    'en-US': 'Option “{option}” of the stratification factor “{factor}” is labelled “{local}” here, “{remote}” in the randomisation system',
  },
  // Allocation, list generation and simulation.
  'randomisation.unknown_level': {
    status: 422,
    'zh-CN': '分层因素“{factor}”没有选项“{value}”',
    'en-US': 'The stratification factor “{factor}” has no option “{value}”',
  },
  'randomisation.table_too_large': {
    status: 422,
    'zh-CN': '随机表至少有 {slots} 个位置，超过上限 {max}，请减少分层或每层的数量',
    'en-US': 'The randomisation list would hold at least {slots} slots, more than {max}; use fewer strata or fewer slots per stratum',
  },
  'randomisation.sites_required': {
    status: 400,
    'zh-CN': '该方案按中心分层，请至少提供一个中心',
    'en-US': 'The scheme stratifies by site; give at least one site',
  },
  'randomisation.distribution_invalid': {
    status: 400,
    'zh-CN': '模拟的“{factor}”分布有误：须只含该因素的选项，且权重之和大于 0',
    'en-US': 'The simulated distribution of “{factor}” is wrong: it may name only the factor’s options, with weights summing to more than 0',
  },
  // Problems of an uploaded randomisation list, each on its row and column (upload.ts).
  'randomisation.upload_empty': { status: 400, 'zh-CN': '随机表中没有数据行', 'en-US': 'The randomisation list holds no rows' },
  'randomisation.upload_too_many_rows': { status: 400, 'zh-CN': '随机表最多 {max} 行', 'en-US': 'A randomisation list holds at most {max} rows' },
  'randomisation.upload_missing_column': { status: 400, 'zh-CN': '表头缺少列“{column}”', 'en-US': 'The header lacks the column “{column}”' },
  'randomisation.upload_unknown_column': { status: 400, 'zh-CN': '列“{column}”不是随机表的列', 'en-US': 'The column “{column}” is not a column of the randomisation list' },
  'randomisation.upload_duplicate_column': { status: 400, 'zh-CN': '列“{column}”出现了多次', 'en-US': 'The column “{column}” appears more than once' },
  'randomisation.upload_missing_value': { status: 400, 'zh-CN': '“{column}”未填写', 'en-US': '“{column}” is empty' },
  'randomisation.upload_unknown_arm': { status: 400, 'zh-CN': '“{value}”不是本方案的组别编码', 'en-US': '“{value}” is not an arm code of the scheme' },
  'randomisation.upload_unknown_site': { status: 400, 'zh-CN': '“{value}”不是本项目的中心编号', 'en-US': '“{value}” is not a site code of the project' },
  'randomisation.upload_unknown_option': {
    status: 400,
    'zh-CN': '“{value}”不是分层因素“{factor}”的选项编码',
    'en-US': '“{value}” is not an option code of the stratification factor “{factor}”',
  },
  'randomisation.upload_duplicate_number': {
    status: 400,
    'zh-CN': '随机号“{value}”与第 {row} 行重复',
    'en-US': 'The random number “{value}” is also on row {row}',
  },
  'randomisation.upload_sequence_invalid': { status: 400, 'zh-CN': '序号“{value}”不是正整数', 'en-US': 'The sequence “{value}” is not a positive whole number' },
  'randomisation.upload_duplicate_sequence': {
    status: 400,
    'zh-CN': '分层“{stratum}”中序号 {value} 重复',
    'en-US': 'The sequence {value} appears more than once in stratum “{stratum}”',
  },
  'randomisation.upload_sequence_gap': {
    status: 400,
    'zh-CN': '分层“{stratum}”的序号不连续：应为 {expected}，实为 {value}',
    'en-US': 'The sequence of stratum “{stratum}” has a gap: {expected} expected, {value} found',
  },
  'randomisation.upload_block_invalid': { status: 400, 'zh-CN': '区组号“{value}”不是正整数', 'en-US': 'The block “{value}” is not a positive whole number' },
  'randomisation.upload_block_split': {
    status: 400,
    'zh-CN': '分层“{stratum}”的区组 {block} 被其他区组隔开，区组须按序号连续',
    'en-US': 'Block {block} of stratum “{stratum}” is split by another block; a block’s rows follow each other in sequence',
  },
  'randomisation.upload_block_unbalanced': {
    status: 400,
    'zh-CN': '分层“{stratum}”的区组 {block} 不均衡：各组为 {counts}，不符合比例 {ratio}',
    'en-US': 'Block {block} of stratum “{stratum}” is not balanced: {counts} is not in the ratio {ratio}',
  },
} as const;
