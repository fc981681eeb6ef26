import type { Shape } from './catalogue';
import type { zhCNSync } from './zh-CN.sync';

/** English texts of environment sync, its task list and the resets by part. */
export const enUSSync: Shape<typeof zhCNSync> = {
  sync: {
    startTitle: 'Environment sync',
    listTitle: 'Sync tasks',
    direction: {
      syncData: 'Development → test',
      syncDataToTest: 'Production → test',
    },
    directionHint: {
      syncData: 'Test will run the current development design, as a new design version.',
      syncDataToTest: 'Test will run the design version production runs, to reproduce a problem seen there.',
    },
    type: {
      design: 'Design',
      data: 'Study data',
    },
    dataNotCopied: 'Study data is never copied between environments; only the design is synchronised.',
    status: {
      queued: 'Queued',
      running: 'Running',
      succeeded: 'Succeeded',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    fields: {
      id: 'No.',
      direction: 'Direction',
      types: 'Parts',
      status: 'Status',
      progress: 'Progress',
      createdBy: 'Requested by',
      createdAt: 'Requested at',
      startedAt: 'Started at',
      finishedAt: 'Finished at',
      result: 'Result',
      actions: 'Actions',
      attempts: 'Runs',
    },
    result: {
      design: 'Design version {{version}} (was {{previous}})',
      none: 'none',
      changes: '{{count}} changes',
      changes_one: '1 change',
    },
    actions: {
      start: 'Start sync',
      sync: 'Synchronise',
      tasks: 'Sync tasks',
      refresh: 'Refresh',
      backToEnvs: 'Back to environments',
      resetTest: 'Reset test environments',
      resetProduction: 'Reset production',
      cancel: 'Cancel',
      cancelTask: 'Cancel task',
    },
    confirm: {
      startTitle: 'Start this synchronisation?',
      startContent: '{{direction}}: {{types}}. It runs in the background; follow its progress in the sync tasks.',
      cancelTitle: 'Cancel sync task {{id}}?',
      cancelContent: 'A queued task will not run; a running one stops after its current step, keeping the parts already done.',
    },
    noRight: 'You may not sync the development design',
    empty: 'No synchronisation yet',
    polling: 'A task is running: refreshing every 2 seconds',
    reset: {
      testTitle: 'Reset test environments',
      productionTitle: 'Reset production',
      parts: 'Parts to reset',
      testContent: 'The chosen parts of every environment except production will be reset. This cannot be undone. The development draft is not touched.',
      productionContent: 'The chosen parts of production will be reset. This cannot be undone. Possible only before the project goes online.',
      typeCode: 'Type the project code {{code}} to confirm',
      codeMismatch: 'The code does not match',
      submit: 'Reset',
    },
  },
};
