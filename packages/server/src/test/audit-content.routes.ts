import type { DesignTeam } from '../modules/instruments/design.fixture.js';
import type { Persona, Study } from '../modules/roles/study.fixture.js';

/**
 * The route classification of the audit-content test: the reads, the routes whose audit rows another named
 * test checks, and (in audit-content.writes.ts) every write route with how to call it and the audit row it
 * must leave.
 */
export interface Fixture {
  study: Study;
  team: DesignTeam;
  admin: Persona;
  pm: Persona;
  /** The design project: set-up status, pm and administrator in its development environment. */
  projectId: number;
  /** A project for the lifecycle calls, whose status each entry sets first. */
  lifeId: number;
  unitId: number;
  counter(): number;
  /** The role the role-switch entry moves to. */
  switchedTo?: number;
}

/** Routes tested for their audit rows elsewhere, each with the test that does it. Keep this list short. */
export const COVERED_ELSEWHERE: Record<string, string> = {
  // WeChat binding needs the local WeChat fake, messages a sender: their audit rows are checked beside them.
  'POST /dcap/user/wechat/bind': 'modules/messages/binding.test.ts',
  'POST /dcap/user/wechat/bindMiniApp': 'modules/messages/binding.test.ts',
  'POST /dcap/user/wechat/unbind': 'modules/messages/binding.test.ts',
  'POST /dcap/user/wechat/unbindMiniApp': 'modules/messages/binding.test.ts',
  'POST /dcap/sys/user/unbind/:id': 'modules/messages/binding.test.ts',
  'POST /dcap/sys/user/unbindMiniApp/:id': 'modules/messages/binding.test.ts',
  'POST /dcap/sys/messageLog/resend/:id': 'modules/messages/log.test.ts',
  'POST /dcap/sys/messageLog/cancel/:id': 'modules/messages/log.test.ts',
  // Platform administration: force sign-out, the operation log's export and clearing a cache.
  'POST /dcap/sys/onlineUser/signOut/:id': 'modules/admin/admin.test.ts',
  'GET /dcap/sys/sysLog/export': 'modules/admin/admin.test.ts',
  'POST /dcap/sys/cache/clear': 'modules/admin/admin.test.ts',
  'POST /dcap/sys/internalinterface/save': 'modules/admin/admin.test.ts',
  'POST /dcap/sys/internalinterface/revoke/:id': 'modules/admin/admin.test.ts',
  'POST /dcap/login': 'modules/auth/auth.test.ts',
  'GET /dcap/logout': 'modules/auth/auth.test.ts',
  // The login response enters the first listed project when the session has none (spec 000 §4.1).
  'GET /dcap/sys/init': 'modules/system/init.test.ts',
  'POST /dcap/sys/user/password': 'modules/auth/auth.test.ts',
  'GET /dcap/sys/user/export': 'modules/users/import.test.ts',
  'POST /dcap/sys/user/importConfirm': 'modules/users/import.test.ts',
  'POST /dcap/autoSwitch': 'modules/system/session-calls.test.ts',
  // The visit schedule's writes need a subject of a published design, which this test's fixture has not.
  'POST /dcap/schedule/setActualDate': 'modules/schedule/schedule.test.ts',
  'POST /dcap/schedule/addUnscheduled': 'modules/schedule/schedule.test.ts',
  'POST /dcap/schedule/addRepeat': 'modules/schedule/schedule.test.ts',
  'POST /dcap/schedule/addLogEntry': 'modules/schedule/schedule.test.ts',
  // Queries need a subject's panel of a published design, which this test's fixture has not; their rows
  // (open, answer, close, cancel, autoClose, the exports) are checked by the queries test.
  'POST /dcap/query/raise': 'modules/queries/queries.test.ts',
  'POST /dcap/query/answer': 'modules/queries/queries.test.ts',
  'POST /dcap/query/close': 'modules/queries/queries.test.ts',
  'POST /dcap/query/cancel': 'modules/queries/queries.test.ts',
  'GET /dcap/query/export': 'modules/queries/queries.test.ts',
  'GET /dcap/audit/alteration/export': 'modules/queries/queries.test.ts',
  // The ODM design file needs a published design; the import needs the ODM schema and a file built from one.
  'GET /dcap/project/design/odm': 'modules/odm/export.test.ts',
  'POST /dcap/project/design/importOdm': 'modules/odm/import.test.ts',
  // Panel entry needs a subject's panel of a published design; the records test checks the rows of every
  // save (one per changed field, the row deletions and the save itself) and of copying.
  'POST /dcap/project/recordDataManage/save': 'modules/records/records.test.ts',
  'POST /dcap/project/recordDataManage/copy': 'modules/records/records.test.ts',
  // Field workflow and signatures need entered data of a published design; the workflow tests check the row
  // of every applied action (state before and after), of each signature, signed field and broken signature.
  'POST /dcap/project/recordData/workflow/field': 'modules/workflow/workflow.test.ts',
  'POST /dcap/project/recordData/workflow/bulk': 'modules/workflow/workflow.test.ts',
  'POST /dcap/project/recordData/signature/sign': 'modules/workflow/signature.test.ts',
  // Subjects need a published design in a test environment; the subjects test checks the rows of adding,
  // the information update, every status change (enrolment and screening results included) and the
  // rollback request with its decision.
  'POST /dcap/subject/save': 'modules/subjects/subjects.test.ts',
  'POST /dcap/subject/update': 'modules/subjects/subjects.test.ts',
  'POST /dcap/subject/status': 'modules/subjects/subjects.test.ts',
  'POST /dcap/subject/enrol': 'modules/subjects/subjects.test.ts',
  'POST /dcap/subject/screening': 'modules/subjects/subjects.test.ts',
  'POST /dcap/subject/request/rollback': 'modules/subjects/subjects.test.ts',
  'POST /dcap/subject/request/decide': 'modules/subjects/subjects.test.ts',
  // Attachments need a subject's saved panel of a published design; the attachments test checks the row of
  // every upload and deletion (where it belongs, name, size, hash; never the bytes) and of the table import.
  'POST /dcap/project/recordData/attachment/import': 'modules/attachments/attachments.test.ts',
  'POST /dcap/project/recordData/source/import': 'modules/attachments/attachments.test.ts',
  'POST /dcap/visitTask/uploadVisitRecord': 'modules/attachments/attachments.test.ts',
  'POST /dcap/prescreen/subject/uploadIdCard': 'modules/attachments/attachments.test.ts',
  'GET /dcap/project/recordData/attachment/delete/:id': 'modules/attachments/attachments.test.ts',
  'POST /dcap/project/recordData/import': 'modules/attachments/attachments.test.ts',
  // Exports need a published design with study data; the exports test checks the rows of every request
  // (filters and sealed head), download, cancel, delete and expiry.
  'POST /dcap/export/task/create': 'modules/exports/exports.test.ts',
  // Design and record imports, the design package and the casebook need a published study or files; their
  // tests check the audit rows (instrument.import_redcap, import.check, import.apply, design.export,
  // design.import, crf.casebook).
  'POST /dcap/project/design/importRedcap': 'modules/design-import/redcap.test.ts',
  'POST /dcap/platformDataImport/record/uploadExcel': 'modules/imports/imports.test.ts',
  'POST /dcap/platformDataImport/record/apply': 'modules/imports/imports.test.ts',
  // The message configuration's and notifications' rows are checked by the messages test, with the events that
  // fill the notifications (a published design's queries).
  'POST /dcap/sys/messageConfig/save': 'modules/messages/messages.test.ts',
  'POST /dcap/project/message/save': 'modules/messages/messages.test.ts',
  'POST /dcap/project/message/reset': 'modules/messages/messages.test.ts',
  // SOP uploads are multipart with a file; the SOP test checks the rows of every upload, review step and download.
  'POST /dcap/sop/upload': 'modules/sop/sop.test.ts',
  'POST /dcap/sop/submit': 'modules/sop/sop.test.ts',
  'POST /dcap/sop/approve': 'modules/sop/sop.test.ts',
  'POST /dcap/sop/reject': 'modules/sop/sop.test.ts',
  'POST /dcap/sop/retire': 'modules/sop/sop.test.ts',
  'GET /dcap/sop/download': 'modules/sop/sop.test.ts',
  'POST /dcap/notification/read': 'modules/messages/messages.test.ts',
  'POST /dcap/notification/readAll': 'modules/messages/messages.test.ts',
  // Drug supply's writes need a published design, subjects with arms and kits, which this test's fixture has not.
  'POST /dcap/supply/product/save': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/kitType/save': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/dosing/save': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/location/save': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/resupply/save': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/resupply/check': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/kit/generate': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/kit/upload': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/kit/return': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/kit/destroy': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/kit/status': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/shipment/create': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/transfer/create': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/shipment/ship': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/shipment/receive': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/shipment/loss': 'modules/supply/supply.test.ts',
  'POST /dcap/supply/dispense': 'modules/supply/supply.test.ts',
  'GET /dcap/project/export': 'modules/imports/design-package.test.ts',
  'POST /dcap/project/import': 'modules/imports/design-package.test.ts',
  'GET /dcap/crf/casebook/:subjectId': 'modules/crf-pdf/crf-pdf.test.ts',
  'GET /dcap/export/task/download': 'modules/exports/exports.test.ts',
  'POST /dcap/export/task/cancel': 'modules/exports/exports.test.ts',
  'POST /dcap/export/task/delete': 'modules/exports/exports.test.ts',
  // Randomisation and unblinding need a published study with subjects and an unblinded statistician; their
  // test checks the rows of every scheme, list, allocation and unblinding write.
  'POST /dcap/balance/scheme/save': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/scheme/delete': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/scheme/simulate': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/scheme/approve': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/table/generate': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/table/upload': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/randomise': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/balance/siteMapping/save': 'modules/randomisation/remote.test.ts',
  'POST /dcap/imask/unblind/emergency': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/imask/unblind/study': 'modules/randomisation/randomisation.test.ts',
  'POST /dcap/imask/unblinding/acknowledge': 'modules/randomisation/randomisation.test.ts',
  // Questionnaire links need a subject's blank panel of a published design; the ePRO test checks the rows of
  // making, revoking and sending a link, mailing a panel, and of a subject's submission (named as the
  // subject). Opening the public page records only its rate-limit count, which is no study data.
  'POST /dcap/epro/link/create': 'modules/epro/epro.test.ts',
  'POST /dcap/epro/link/revoke': 'modules/epro/epro.test.ts',
  'POST /dcap/epro/link/send': 'modules/epro/epro.test.ts',
  'POST /dcap/epro/panel/mail': 'modules/epro/epro.test.ts',
  'POST /dcap/epro/panel/push': 'modules/epro/epro.test.ts',
  'GET /dcap/public/survey/:token': 'modules/epro/epro.test.ts',
  'POST /dcap/public/survey/:token/submit': 'modules/epro/epro.test.ts',
  // A subject's WeChat binding from the page (audited as the subject) and its unbinding by staff.
  'POST /dcap/epro/wechat/unbind': 'modules/epro/wechat.test.ts',
  'POST /dcap/public/survey/:token/wechat': 'modules/epro/wechat.test.ts',
  // Sign-in channels need the local SMTP and WeChat fakes and a moving clock; a recovery request naming no
  // account, and a desktop's QR request or poll before any phone answered, change no user and are not audited.
  'POST /dcap/user/password/recovery': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/user/password/reset': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/wx/webApp/request': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/wx/webApp/:id/poll': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/wx/webApp/:id/confirm': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/wx/webApp/:id/refuse': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/miniApp/user/login': 'modules/auth/signin-channels.test.ts',
  'POST /dcap/sys/user/ukey': 'modules/auth/signin-channels.test.ts',
};
/** The role module's calls are audited and tested by that module (grants, revocations, role edits). */
export const ROLE_MODULE = /^(GET|POST) \/dcap\/projectRole\/(?!store\/)/;
export const ROLE_MODULE_TEST = 'modules/roles/escalation.test.ts';

/** Routes that change no stored data and write no audit row. */
export const READS = new Set([
  'GET /dcap/user/password/recovery/link',
  'GET /dcap/wx/webApp/:id/auth',
  'GET /dcap/sys/user/ukey',
  'GET /dcap/epro/link/list',
  'GET /dcap/user/wechat/bindings',
  'GET /dcap/sys/user/wechatBindings/:id',
  'GET /dcap/sys/messageLog/list',
  'GET /dcap/sys/messageLog/stats',
  'GET /dcap/sys/messageLog/info/:id',
  'GET /dcap/sys/onlineUser/list',
  'GET /dcap/sys/sysLog/list',
  'GET /dcap/sys/cache/list',
  'GET /dcap/sys/internalinterface/list',
  'GET /dcap/sys/article/list',
  'GET /dcap/sys/article/info/:id',
  'POST /dcap/sys/article/getArticle',
  'GET /dcap/projectUIConfig/getUIConfig/:projectId',
  'GET /dcap/projectUIConfig/getUIConfigByUrl/:url',
  'POST /dcap/project/recordData/attachment/list',
  'GET /dcap/project/recordData/attachment/picture/:projectId/:id',
  'GET /dcap/project/recordData/importTemplate/:instrumentInsId/:table',
  'GET /dcap/project/recordDataManage/panel/:panelInstanceId',
  'GET /dcap/project/recordDataManage/prepareForQuery',
  'GET /dcap/project/recordDataManage/copySources/:panelInstanceId',
  'POST /dcap/project/recordData/signature/list',
  'GET /dcap/health',
  'GET /dcap/sys/user/info',
  'GET /dcap/sys/user/preferences',
  'GET /dcap/sys/user/list',
  'GET /dcap/sys/user/search/:keyword',
  'GET /dcap/sys/user/info/:id',
  'POST /dcap/sys/user/validateUser',
  'GET /dcap/sys/unit/list',
  'GET /dcap/sys/division/list',
  'GET /dcap/project/list',
  'GET /dcap/project/approvals',
  'GET /dcap/project/approvals/count',
  'GET /dcap/project/gates/:projectId',
  'GET /dcap/project/info/:projectId',
  'GET /dcap/project/step/:projectId',
  'GET /dcap/project/info/',
  'GET /dcap/project/step/',
  'GET /dcap/project/dataBaseNotAvailable',
  'GET /dcap/project/getLoginInfo/:id',
  'POST /dcap/project/oncePublished',
  'POST /dcap/project/processConfig/detail',
  'POST /dcap/project/statusChangeApplications',
  'POST /dcap/projectEnv/getEnvList',
  'POST /dcap/projectEnv/userEnvList',
  'POST /dcap/projectEnv/userEnvList/:id',
  'GET /dcap/projectEnv/configRevision',
  'GET /dcap/locale',
  'POST /dcap/platform/file/path',
  'GET /dcap/sys/user/users',
  'GET /dcap/sys/user/usersBySysRole',
  'POST /dcap/sys/user/listByRole',
  'GET /dcap/sys/user/exportTemplate',
  'POST /dcap/sys/user/preview',
  'POST /dcap/projectSite/list',
  'GET /dcap/projectSite/info/:id',
  'GET /dcap/project/instrument/list/:projectId',
  'POST /dcap/project/instrument/preview',
  'POST /dcap/project/instrument/previewTemplatePanel',
  'GET /dcap/project/instrument/downloadTemplate/',
  'GET /dcap/project/instrument/download/:id',
  'GET /dcap/project/instrument/downloadAll/:projectId',
  'GET /dcap/project/instrument/preview/:instrumentId/:version',
  'GET /dcap/project/event/list/:projectId',
  'GET /dcap/project/eventInstrument/matrix/:projectId',
  'GET /dcap/project/design/diff/:projectId',
  'GET /dcap/project/design/versions/:projectId',
  'GET /dcap/standard/fields',
  'GET /dcap/standard/domain',
  'GET /dcap/standard/field/:id',
  'GET /dcap/sys/standardField/list',
  'GET /dcap/sys/standardDomain/list',
  'GET /dcap/project/instrument/templates',
  'GET /dcap/project/instrument/template/:id',
  'GET /dcap/sys/standardInstrument/list',
  'GET /dcap/sys/standardInstrument/get/:id',
  'POST /dcap/project/dict/getDictOptions',
  'GET /dcap/sys/dict/list',
  'GET /dcap/project/derivedField/all',
  'GET /dcap/project/derivedField/preview/:id',
  'GET /dcap/sys/derivedField/list',
  'POST /dcap/project/syncTask/list',
  'POST /dcap/project/syncTask/detail',
  'POST /dcap/dashboard/summary',
  'GET /dcap/analytics/chart',
  'GET /dcap/analytics/overview',
  'GET /dcap/analytics/projects',
  'GET /dcap/subject/options',
  'POST /dcap/subject/list',
  'GET /dcap/subject/info/:id',
  'POST /dcap/subject/request/list',
  'GET /dcap/schedule/subject/:subjectId',
  'GET /dcap/visitTask/summary',
  'GET /dcap/visitTask/list',
  'GET /dcap/visitTask/visitRecords/:eventInstanceId',
  'GET /dcap/qcTask/summary',
  'GET /dcap/qcTask/list',
  'GET /dcap/query/thread',
  'GET /dcap/query/panel',
  'GET /dcap/query/list',
  'GET /dcap/query/options',
  'GET /dcap/audit/field',
  'GET /dcap/audit/derived',
  'GET /dcap/audit/alteration',
  'GET /dcap/export/task/list',
  'GET /dcap/export/task/detail',
  // The blank CRF is the design, not study data (docs/decisions.md, "CRF PDFs").
  'GET /dcap/crf/blank',
  'GET /dcap/platformDataImport/record/template/:instrumentId',
  'GET /dcap/platformDataImport/record/instruments',
  'GET /dcap/balance/scheme/list',
  'GET /dcap/balance/scheme/detail',
  'GET /dcap/balance/table/list',
  'POST /dcap/balance/table/slots',
  'POST /dcap/balance/allocation/list',
  'GET /dcap/balance/siteMapping/list',
  'GET /dcap/balance/allocation/subject/:id',
  'GET /dcap/imask/state',
  'GET /dcap/imask/unblinding/list',
  'POST /dcap/platformDataImport/record/list',
  'POST /dcap/platformDataImport/record/detail',
  'GET /dcap/supply/plan',
  'GET /dcap/supply/location/list',
  'POST /dcap/supply/kit/list',
  'POST /dcap/supply/shipment/list',
  'POST /dcap/supply/expiry/list',
  'POST /dcap/supply/stock',
  'GET /dcap/sys/messageConfig/list',
  'GET /dcap/project/message/list',
  'GET /dcap/sop/list',
  'GET /dcap/sop/detail/:documentId',
  'GET /dcap/project/message/members',
  'GET /dcap/notification/list',
  'GET /dcap/notification/unreadCount',
]);
