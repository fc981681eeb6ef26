/** Chinese texts of the designer feature (part of zh-CN.ts). */
export const zhCNDesigner = {
  designer: {},
};
