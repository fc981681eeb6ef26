import type { Shape } from './catalogue';
import type { zhCNSop } from './zh-CN.sop';

/** English texts of SOP management (spec 000 §2.2 /sopManage/sopDetail) (part of en-US.ts). */
export const enUSSop: Shape<typeof zhCNSop> = {
  sop: {
    menu: 'SOP management',
    title: 'SOP management',
    versions: 'Versions',
    none: 'None',
    status: { DRAFT: 'Draft', REVIEW: 'Under review', APPROVED: 'Approved', OBSOLETE: 'Obsolete' },
    columns: {
      code: 'Code',
      title: 'Title',
      latest: 'Latest version',
      status: 'Review status',
      effective: 'Version in force',
      versionCount: 'Versions',
      updatedAt: 'Updated',
      version: 'Version',
      file: 'File',
      uploaded: 'Uploaded by / at',
      reviewed: 'Reviewed by / at / comment',
      note: 'Change note',
    },
    filters: { keyword: 'Code or title', status: 'Review status', search: 'Search' },
    actions: {
      new: 'Upload new SOP',
      newVersion: 'Upload new version',
      versions: 'Versions',
      download: 'Download',
      submit: 'Submit for review',
      approve: 'Approve',
      reject: 'Reject',
      retire: 'Retire',
    },
    confirm: {
      submit: 'Submit v{{version}} for review?',
      approve: 'Approve v{{version}}? The version in force before it becomes obsolete.',
      retire: 'Retire v{{version}}? The SOP will have no version in force.',
    },
    reject: { title: 'Reject v{{version}}', reason: 'Reason', reasonRequired: 'Give the reason for rejecting' },
    upload: {
      newTitle: 'Upload new SOP',
      versionTitle: 'Upload a new version of {{code}}',
      titleZh: 'Chinese title',
      titleEn: 'English title',
      codeRequired: 'Enter the code',
      titleRequired: 'Enter the title',
      file: 'File',
      choose: 'Choose file',
      fileHint: 'PDF, Word or Excel, at most {{limit}} MB; the new version is a draft, and a pending older one becomes obsolete',
      fileRequired: 'Choose a file',
      tooLarge: 'The file may be at most {{limit}} MB',
      submit: 'Upload',
    },
  },
};
