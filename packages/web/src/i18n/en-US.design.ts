import type { Shape } from './catalogue';
import type { zhCNDesign } from './zh-CN.design';

/** English texts of the design feature (part of en-US.ts). */
export const enUSDesign: Shape<typeof zhCNDesign> = {
  design: {},
};
