/** Chinese texts of the shell's window and environment checks (spec 000 §4.4, §8.2; part of zh-CN.ts). */
export const zhCNShell = {
  consistency: {
    envMarker: {
      title: '请确认操作环境',
      content: '系统检测到重复打开的窗口，请确认当前操作环境。点击确定后系统将重新初始化并刷新页面。',
      ok: '确定',
    },
    configUpdated: {
      title: '项目配置已更新',
      content: '项目配置已在其他窗口或由其他用户更新，为保证数据安全，系统将刷新页面。',
      refresh: '刷新',
    },
    envPrompt: '您当前的操作环境不可用，请选择要进入的环境。',
  },
};
