import type { Shape } from './catalogue';
import type { zhCNDesigner } from './zh-CN.designer';

/** English texts of the designer feature (part of en-US.ts). */
export const enUSDesigner: Shape<typeof zhCNDesigner> = {
  designer: {},
};
