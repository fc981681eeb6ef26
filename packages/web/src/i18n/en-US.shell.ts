import type { zhCNShell } from './zh-CN.shell';
import type { Shape } from './catalogue';

/** English texts of the shell's window and environment checks (spec 000 §4.4, §8.2; part of en-US.ts). */
export const enUSShell: Shape<typeof zhCNShell> = {
  consistency: {
    envMarker: {
      title: 'Confirm the operating environment',
      content:
        'The system detected a duplicate window open, please confirm the current operating environment. After OK the system initialises again and the page reloads.',
      ok: 'OK',
    },
    configUpdated: {
      title: 'Project configuration updated',
      content: 'The project configuration was updated in another window or by another user. The system will refresh for data safety.',
      refresh: 'Refresh',
    },
    envPrompt: 'The environment you worked in is not available. Choose the environment to work in.',
  },
};
