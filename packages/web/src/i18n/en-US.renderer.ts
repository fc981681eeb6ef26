import type { Shape } from './catalogue';
import type { zhCNRenderer } from './zh-CN.renderer';

/** English texts of the renderer feature (part of en-US.ts). */
export const enUSRenderer: Shape<typeof zhCNRenderer> = {
  renderer: {},
};
