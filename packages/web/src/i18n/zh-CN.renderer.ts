/** Chinese texts of the renderer feature (part of zh-CN.ts). */
export const zhCNRenderer = {
  renderer: {},
};
