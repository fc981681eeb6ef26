import type { ProjectConfigFlag } from './schemas.js';
import { PROJECT_CONFIG_FLAGS } from './schemas.js';

/**
 * The capabilities the project configuration flags of spec 000 §3 switch on or shape. A flag drives
 * behaviour only where its capability exists; docs/project-flags.md keeps the same table for readers.
 */
export const FLAG_CAPABILITIES = ['participantApplication', 'wechat', 'preScreening', 'visitTasks', 'dataEntry', 'ocr', 'queries'] as const;
export type FlagCapability = (typeof FLAG_CAPABILITIES)[number];

/**
 * The capabilities this release has: visit tasks (the task summary of spec 002 §2), data entry (subjects
 * and panels), queries and pre-screening of subjects. WeChat, OCR and the participant application follow. When one
 * lands, add it here and name the code that reads each of its flags in `readBy`.
 */
export const AVAILABLE_CAPABILITIES: ReadonlySet<FlagCapability> = new Set<FlagCapability>(['visitTasks', 'dataEntry', 'preScreening', 'queries']);

export interface ProjectFlagInfo {
  capability: FlagCapability;
  /** What the flag does once its capability exists. */
  meaning: string;
  /**
   * The code that reads the flag. Every offered flag has some; a flag not offered may still be read by a
   * call around its capability (the pre-screening suspension application reads the pre-screening flags).
   */
  readBy: readonly string[];
}

/** One row per flag of spec 000 §3: its capability, its meaning, and which code reads it. */
export const PROJECT_FLAGS: Record<ProjectConfigFlag, ProjectFlagInfo> = {
  applicationModule: { capability: 'participantApplication', meaning: 'participants may apply to join the study', readBy: [] },
  applicationModuleRunning: { capability: 'participantApplication', meaning: 'the application module accepts applications now', readBy: [] },
  openWechatMp: { capability: 'wechat', meaning: 'the WeChat official account serves the study', readBy: [] },
  openMiniApp: { capability: 'wechat', meaning: 'the WeChat mini-program serves the study', readBy: [] },
  preScreen: {
    capability: 'preScreening',
    meaning: 'candidates are pre-screened before enrolment',
    readBy: [
      'server projects/pre-screen-service.ts: applying to suspend pre-screening is refused unless the project uses it',
      'server subjects/service.ts: a subject added as a pre-screening candidate (RECORD_STATUS_PRESCREEN) is refused unless it is on',
      'web features/subjects/AddSubjectDialog.tsx: offers the pre-screening choice when it is on',
      'server attachments/service.ts: identity-card images (uploadIdCard) are taken and listed only when it is on',
    ],
  },
  preScreenSuspend: {
    capability: 'preScreening',
    meaning: 'pre-screening is suspended (spec 000 §4.2 "apply pre-screen suspend")',
    readBy: [
      'server projects/pre-screen-service.ts: set when a suspension application is approved; a second application is refused',
      'server subjects/service.ts: no pre-screening candidate is added while it is on',
    ],
  },
  visitTask: {
    capability: 'visitTasks',
    meaning: 'the task summary lists each site’s due, overdue and upcoming visits, with their visit records',
    readBy: [
      'server schedule/service.ts: the task summary, its visit list and the visit-record list answer only when it is on',
      'server attachments/service.ts: visit records are uploaded (uploadVisitRecord) only when it is on',
    ],
  },
  clinicalNumber: {
    capability: 'dataEntry',
    meaning: 'a subject carries a clinical (hospital) screening number',
    readBy: ['server subjects/service.ts: the subject options answer it', 'web features/subjects: the screening-number field and list filter are shown when it is on'],
  },
  clinicalNumberMust: {
    capability: 'dataEntry',
    meaning: 'the clinical screening number is required at enrolment',
    readBy: ['server subjects/service.ts enrolSubject: enrolment is refused without the screening number when it and clinicalNumber are on'],
  },
  panelAutoCover: {
    capability: 'dataEntry',
    meaning: 'a saved panel opens read-only; the edit-panel-data button opens it for editing and the save covers the stored data (spec 002 §2)',
    readBy: ['server records/service.ts: the panel read answers it as flags.panelAutoCover', 'web features/records/PanelEntryPage.tsx: read-only until edit-panel-data'],
  },
  panelAutoSwitch: {
    capability: 'dataEntry',
    meaning: 'saving a panel opens the next panel of the visit',
    readBy: ['server records/service.ts: the panel read answers it as flags.panelAutoSwitch', 'web features/records/PanelEntryPage.tsx: after a save, opens the next panel of the visit'],
  },
  enableOcr: { capability: 'ocr', meaning: 'documents are read by OCR into fields', readBy: [] },
  varsRequeredOnRecruit: {
    capability: 'dataEntry',
    meaning: 'the subject information (initials, sex, birth date, informed consent date) is required to enrol',
    readBy: ['server subjects/service.ts enrolSubject: enrolment is refused while any of them is empty'],
  },
  sameRoleCancelCloseQuery: {
    capability: 'queries',
    meaning: 'a query may be cancelled or closed by the role that raised it',
    readBy: ['core queries/rules.ts queryRefusal and server queries/service.ts: any user of the raising role may cancel or close, no other role may close (handleAllQuery excepted)'],
  },
};

/** Whether the flag's capability exists, so the configuration form offers it. */
export function isFlagOffered(flag: ProjectConfigFlag): boolean {
  return AVAILABLE_CAPABILITIES.has(PROJECT_FLAGS[flag].capability);
}

/**
 * The flags the project configuration form shows. The save call still accepts and keeps every flag, so a
 * value stored now takes effect when its capability lands (docs/project-flags.md).
 */
export function offeredConfigFlags(): ProjectConfigFlag[] {
  return PROJECT_CONFIG_FLAGS.filter(isFlagOffered);
}
