/** Chinese texts of the design feature (part of zh-CN.ts). */
export const zhCNDesign = {
  design: {},
};
