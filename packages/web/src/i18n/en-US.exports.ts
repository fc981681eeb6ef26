import type { Shape } from './catalogue';
import type { zhCNExports } from './zh-CN.exports';

/** English texts of the export screen and its task list (spec 000 §2.2 /export/exportIndex; part of en-US.ts). */
export const enUSExports: Shape<typeof zhCNExports> = {
  exports: {
    menu: { index: 'Data export' },
    formTitle: 'New export',
    listTitle: 'Export tasks',
    polling: 'An export is in progress; the list refreshes every 2 seconds.',
    module: {
      subjectData: 'Subject data report',
      queryReport: 'Query report',
      auditReport: 'Audit trail report',
      crfReport: 'CRF report',
    },
    status: {
      queued: 'Queued',
      running: 'Exporting',
      finished: 'Finished',
      failed: 'Failed',
      cancelled: 'Cancelled',
      expired: 'Expired',
      deleted: 'Deleted',
    },
    odmMode: { snapshot: 'Snapshot (current values)', transactional: 'Transactional (every change with its audit record)' },
    layout: { wide: 'Wide (one row per visit)', long: 'Long (one row per value)' },
    fields: {
      module: 'Module',
      format: 'File format',
      odmMode: 'ODM kind',
      layout: 'Layout',
      sites: 'Sites',
      visits: 'Visits',
      panels: 'Panels',
      fieldNames: 'Fields',
      statuses: 'Subject statuses',
      dictionary: 'With the data dictionary',
      id: 'ID',
      status: 'Status',
      progress: 'Progress',
      size: 'Size',
      createdBy: 'Created by',
      createdAt: 'Created at',
      expiresAt: 'Expires at',
      actions: 'Actions',
    },
    placeholders: {
      all: 'All',
      fieldNames: 'All (or type panel.field, such as DM.SEX)',
    },
    actions: {
      start: 'Export',
      refresh: 'Refresh',
      download: 'Download',
      cancel: 'Cancel',
      delete: 'Delete',
    },
    confirm: {
      cancelTitle: 'Cancel export task {{id}}?',
      deleteTitle: 'Delete the file of export task {{id}}?',
      content: 'The file written so far is deleted; the audit trail records it.',
    },
    empty: 'No export tasks yet',
  },
};
