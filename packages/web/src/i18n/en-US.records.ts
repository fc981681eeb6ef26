import { STATUS_LABELS } from '@dcap/core';
import type { Shape } from './catalogue';
import type { zhCNRecords } from './zh-CN.records';

/** English texts of panel entry (spec 002 §2 "Form panel"). */
export const enUSRecords: Shape<typeof zhCNRecords> = {
  records: {
    title: '{{instrument}} · {{event}}',
    subject: 'Subject {{platformNo}}',
    back: 'Back to the subject',
    status: STATUS_LABELS['en-US'].panel,
    inactive: 'Inactive',
    pending: { verify: 'Pending verify', review: 'Pending review', sign: 'Pending sign' },
    openQueries: 'Open queries {{count}}',
    showQueries: 'Show queries',
    pureMode: 'Pure panel mode',
    labelAlign: { label: 'Labels', left: 'Left', right: 'Right' },
    tableMode: { table: 'Table', card: 'Cards', cards: 'Cards per row' },
    editPanelData: 'Edit panel data',
    copyFrom: 'Copy from another instance',
    unchecked: 'Mark as not checked',
    sendMail: 'Send by mail',
    pushWechat: 'Push via WeChat',
    surveyLink: 'Panel survey link',
    eventSurveyLink: 'Visit survey link',
    save: 'Save',
    saved: 'Saved',
    signatures: 'Signatures {{count}} ({{signer}})',
    fieldStatus: { '': STATUS_LABELS['en-US'].notEntered, ...STATUS_LABELS['en-US'].field, frozen: STATUS_LABELS['en-US'].frozen },
    fieldMenu: 'Field actions',
    reason: {
      title: 'Reason for change',
      perField: 'A reason for each field',
      intro: 'These saved values will be changed or deleted. Choose the reason for the change:',
      code: 'Reason',
      text: 'Details',
      textRequired: 'Describe the reason when you choose Other',
      required: 'Choose a reason for the change',
      row: '{{table}} row {{row}} (deleted)',
    },
    stale: {
      title: 'The form was changed by someone else',
      intro: 'These fields were changed since you opened the form. Your entries were not saved; reload before entering again.',
      reload: 'Reload',
    },
    refused: 'The save was refused; see the messages under the fields',
    copy: {
      title: 'Copy data from another instance',
      intro: 'Choose another instance of the same form of this subject. Signed, locked, frozen and inactive fields keep their values.',
      none: 'No instance to copy from',
      source: '{{event}} #{{seq}}',
      submit: 'Copy',
    },
    noEntry: 'You have no entry right, or the project’s status does not allow entry now',
    autoSwitched: 'Opened the next panel',
  },
};
