import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { ANALYTICS_CHARTS_PATH, ANALYTICS_PATH, BIGSCREEN_ALL_PATH, BIGSCREEN_PATH, QR_AUTH_PATH, RESET_PASSWORD_PATH } from '@dcap/core';
import { ACCOUNT_SETTINGS_PATH, CHANGE_PASSWORD_PATH, DASHBOARD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './guard';
import { MainLayout } from './layouts/MainLayout';
import { ToolsLayout } from './layouts/ToolsLayout';
import {
  ENV_DISABLED_PATH,
  ENVIRONMENTS_PATH,
  INSTITUTION_PATH,
  PROJECT_APPLY_PATH,
  PROJECT_DETAIL_PATH,
  ROLE_DISABLED_PATH,
  WORKPLACE_PATH,
} from './shellState';
import { UserLayout } from './layouts/UserLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { PageSpin } from '../components/PageSpin';
import { ALLOCATIONS_PATH, BALANCE_LANDING_PATH, BLINDING_PATH, SCHEMES_PATH, SITE_MAPPING_PATH } from '../features/balance/paths';
import { DRUG_LIST_PATH, EXPIRY_PATH, KITS_PATH, LOCATIONS_PATH, MONITORING_PATH, SHIPMENTS_PATH } from '../features/supply/paths';
import { SYNC_PROJECT_DATA_PATH, SYNC_TASK_LIST_PATH } from '../features/environments/paths';

/* Feature pages load as separate chunks; the progress bar shows while one is fetched. */
const loginPage = async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage });
const forgotPasswordPage = async () => ({ Component: (await import('../features/signin/ForgotPasswordPage')).ForgotPasswordPage });
const resetPasswordPage = async () => ({ Component: (await import('../features/signin/ResetPasswordPage')).ResetPasswordPage });
const qrAuthPage = async () => ({ Component: (await import('../features/signin/QrAuthPage')).QrAuthPage });
const changePasswordPage = async () => ({ Component: (await import('../features/auth/ChangePasswordPage')).ChangePasswordPage });
const dashboardPage = async () => ({ Component: (await import('../features/dataDisplay/DataDisplayPage')).DataDisplayPage });
const accountSettingsPage = async () => ({
  Component: (await import('../features/account/AccountSettingsPage')).AccountSettingsPage,
});
const messageLogPage = async () => ({ Component: (await import('../features/messages/MessageLogPage')).MessageLogPage });
const onlineUsersPage = async () => ({ Component: (await import('../features/admin/OnlineUsersPage')).OnlineUsersPage });
const sysLogPage = async () => ({ Component: (await import('../features/admin/SysLogPage')).SysLogPage });
const cachePage = async () => ({ Component: (await import('../features/admin/CachePage')).CachePage });
const internalInterfacesPage = async () => ({ Component: (await import('../features/admin/InternalInterfacesPage')).InternalInterfacesPage });
const menuSettingsPage = async () => ({ Component: (await import('../features/sysconfig/MenuSettingsPage')).MenuSettingsPage });
const rolePermissionsPage = async () => ({ Component: (await import('../features/sysconfig/RolePermissionsPage')).RolePermissionsPage });
const usersPage = async () => ({ Component: (await import('../features/users/UsersPage')).UsersPage });
const projectListPage = async () => ({ Component: (await import('../features/projects/ProjectListPage')).ProjectListPage });
const projectApplyPage = async () => ({ Component: (await import('../features/projects/ProjectApplyPage')).ProjectApplyPage });
const projectDetailPage = async () => ({ Component: (await import('../features/projects/ProjectDetailPage')).ProjectDetailPage });
const approvalsPage = async () => ({ Component: (await import('../features/projects/approvals/ApprovalsPage')).ApprovalsPage });
const environmentsPage = async () => ({ Component: (await import('../features/environments/EnvironmentsPage')).EnvironmentsPage });
const syncProjectDataPage = async () => ({ Component: (await import('../features/environments/SyncProjectDataPage')).SyncProjectDataPage });
const syncTaskListPage = async () => ({ Component: (await import('../features/environments/SyncTaskListPage')).SyncTaskListPage });
const institutionPage = async () => ({ Component: (await import('../features/institution/InstitutionPage')).InstitutionPage });
const authLogPage = async () => ({ Component: (await import('../features/institution/AuthLogPage')).AuthLogPage });
const unitsPage = async () => ({ Component: (await import('../features/units/UnitsPage')).UnitsPage });
const areasPage = async () => ({ Component: (await import('../features/areas/AreasPage')).AreasPage });
const departmentsPage = async () => ({ Component: (await import('../features/units/DepartmentsPage')).DepartmentsPage });
const queryManagementPage = async () => ({ Component: (await import('../features/queries/QueryManagementPage')).QueryManagementPage });
const exportPage = async () => ({ Component: (await import('../features/exports/ExportPage')).ExportPage });
const alterationLogPage = async () => ({ Component: (await import('../features/queries/AlterationLogPage')).AlterationLogPage });
const envDisabledPage = async () => ({ Component: (await import('../features/tools/BlockedPage')).EnvDisabledPage });
const roleDisabledPage = async () => ({ Component: (await import('../features/tools/BlockedPage')).RoleDisabledPage });
const instrumentsPage = async () => ({ Component: (await import('../features/studyBuild/InstrumentsPage')).InstrumentsPage });
const eventsPage = async () => ({ Component: (await import('../features/studyBuild/EventsPage')).EventsPage });
const publishPage = async () => ({ Component: (await import('../features/studyBuild/PublishPage')).PublishPage });
const projectDictionariesPage = async () => ({ Component: (await import('../features/studyBuild/ProjectDictionariesPage')).ProjectDictionariesPage });
const designEntryLayout = async () => ({ Component: (await import('../features/panelDesigner/DesignEntryGate')).DesignEntryLayout });
const formDesignerPage = async () => ({ Component: (await import('../features/panelDesigner/FormDesignerPage')).FormDesignerPage });
const derivedDesignerPage = async () => ({ Component: (await import('../features/panelDesigner/DerivedDesignerPage')).DerivedDesignerPage });
const standardFieldsPage = async () => ({ Component: (await import('../features/library/StandardFieldsPage')).StandardFieldsPage });
const standardInstrumentsPage = async () => ({
  Component: (await import('../features/library/StandardInstrumentsPage')).StandardInstrumentsPage,
});
const dictionariesPage = async () => ({ Component: (await import('../features/library/DictionariesPage')).DictionariesPage });
const derivedFieldsPage = async () => ({ Component: (await import('../features/library/DerivedFieldsPage')).DerivedFieldsPage });
const taskSummaryPage = async () => ({ Component: (await import('../features/schedule/TaskSummaryPage')).TaskSummaryPage });
const panelEntryPage = async () => ({ Component: (await import('../features/records/PanelEntryPage')).PanelEntryPage });
const subjectSignaturesPage = async () => ({ Component: (await import('../features/workflow/SubjectSignaturesPage')).SubjectSignaturesPage });
const subjectListPage = async () => ({ Component: (await import('../features/subjects/SubjectListPage')).SubjectListPage });
const screeningResultsPage = async () => ({ Component: (await import('../features/subjects/SubjectListPage')).ScreeningResultsPage });
const subjectPage = async () => ({ Component: (await import('../features/subjects/SubjectPage')).SubjectPage });
const subjectRequestsPage = async () => ({ Component: (await import('../features/subjects/RequestsPage')).RequestsPage });
const importListPage = async () => ({ Component: (await import('../features/imports/ImportListPage')).ImportListPage });
const importDetailPage = async () => ({ Component: (await import('../features/imports/ImportDetailPage')).ImportDetailPage });
const schemeListPage = async () => ({ Component: (await import('../features/balance/SchemeListPage')).SchemeListPage });
const schemeDesignerPage = async () => ({ Component: (await import('../features/balance/SchemeDesignerPage')).SchemeDesignerPage });
const allocationListPage = async () => ({ Component: (await import('../features/balance/AllocationListPage')).AllocationListPage });
const siteMappingPage = async () => ({ Component: (await import('../features/balance/SiteMappingPage')).SiteMappingPage });
const drugListPage = async () => ({ Component: (await import('../features/supply/DrugListPage')).DrugListPage });
const locationsPage = async () => ({ Component: (await import('../features/supply/LocationsPage')).LocationsPage });
const kitsPage = async () => ({ Component: (await import('../features/supply/KitsPage')).KitsPage });
const shipmentsPage = async () => ({ Component: (await import('../features/supply/ShipmentsPage')).ShipmentsPage });
const expiryPage = async () => ({ Component: (await import('../features/supply/ExpiryPage')).ExpiryPage });
const monitoringPage = async () => ({ Component: (await import('../features/supply/MonitoringPage')).MonitoringPage });
const systemMessageConfigPage = async () => ({ Component: (await import('../features/messages/MessageConfigPage')).SystemMessageConfigPage });
const projectMessageConfigPage = async () => ({ Component: (await import('../features/messages/MessageConfigPage')).ProjectMessageConfigPage });
const sopPage = async () => ({ Component: (await import('../features/sop/SopPage')).SopPage });
const codingLibraryPage = async () => ({ Component: (await import('../features/coding/CodingLibraryPage')).CodingLibraryPage });
const projectCodingPage = async () => ({ Component: (await import('../features/coding/ProjectCodingPage')).ProjectCodingPage });
const blindingPage = async () => ({ Component: (await import('../features/imask/BlindingPage')).BlindingPage });
const surveyPage = async () => ({ Component: (await import('../features/epro/SurveyPage')).SurveyPage });
const articlesPage = async () => ({ Component: (await import('../features/content/ArticlesPage')).ArticlesPage });
const uiManagePage = async () => ({ Component: (await import('../features/content/UiManagePage')).UiManagePage });
const portalPage = async () => ({ Component: (await import('../features/content/PortalPage')).PortalPage });
const analyticsPage = async () => ({ Component: (await import('../features/analytics/AnalyticsPage')).AnalyticsPage });
const bigscreenLayout = async () => ({ Component: (await import('../features/analytics/BigscreenLayout')).BigscreenLayout });
const bigscreenPage = async () => ({ Component: (await import('../features/analytics/BigscreenPage')).BigscreenPage });
const bigscreenAllPage = async () => ({ Component: (await import('../features/analytics/BigscreenPage')).BigscreenAllPage });
const notFoundPage = async () => ({ Component: (await import('../features/notFound/NotFoundPage')).NotFoundPage });

/** The route table of spec 000 §2 implemented so far; page tests render this same table in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpin />,
    children: [
      {
        element: <UserLayout />,
        children: [
          { path: '/', lazy: loginPage },
          { path: LOGIN_PATH, lazy: loginPage },
          { path: CHANGE_PASSWORD_PATH, lazy: changePasswordPage },
          { path: FORGOT_PASSWORD_PATH, lazy: forgotPasswordPage },
          { path: RESET_PASSWORD_PATH, lazy: resetPasswordPage },
          { path: QR_AUTH_PATH, lazy: qrAuthPage },
          { path: NOT_FOUND_PATH, lazy: notFoundPage },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: DASHBOARD_PATH, lazy: dashboardPage },
          { path: ACCOUNT_SETTINGS_PATH, element: <Navigate to={`${ACCOUNT_SETTINGS_PATH}/base`} replace /> },
          { path: `${ACCOUNT_SETTINGS_PATH}/:tab`, lazy: accountSettingsPage },
          { path: WORKPLACE_PATH, lazy: projectListPage },
          { path: PROJECT_APPLY_PATH, lazy: projectApplyPage },
          { path: PROJECT_DETAIL_PATH, lazy: projectDetailPage },
          { path: '/project/approvals', lazy: approvalsPage },
          { path: ENVIRONMENTS_PATH, lazy: environmentsPage },
          { path: SYNC_PROJECT_DATA_PATH, lazy: syncProjectDataPage },
          { path: SYNC_TASK_LIST_PATH, lazy: syncTaskListPage },
          { path: INSTITUTION_PATH, lazy: institutionPage },
          { path: '/recordDataManage/projectRoleAuthLog', lazy: authLogPage },
          { path: '/sys/user', lazy: usersPage },
          { path: '/sys/unit/unit', lazy: unitsPage },
          { path: '/sys/unit/division', lazy: departmentsPage },
          { path: '/sys/area', lazy: areasPage },
          { path: '/sys/messageLog', lazy: messageLogPage },
          { path: '/sys/onlineUser', lazy: onlineUsersPage },
          { path: '/sys/sysLog', lazy: sysLogPage },
          { path: '/sys/cache', lazy: cachePage },
          { path: '/sys/internalinterface', lazy: internalInterfacesPage },
          { path: '/sys/menu', lazy: menuSettingsPage },
          { path: '/sys/rolePermission', lazy: rolePermissionsPage },
          { path: '/sys/article', lazy: articlesPage },
          // The data-capture application's design pages (ARCHITECTURE §1: prefix /dCapVue).
          {
            // Opening a design screen moves the session into the development environment (spec 000 §4.3).
            lazy: designEntryLayout,
            children: [
              { path: '/dCapVue/design/instruments', lazy: instrumentsPage },
              { path: '/dCapVue/design/events', lazy: eventsPage },
              { path: '/dCapVue/design/dicts', lazy: projectDictionariesPage },
              { path: '/dCapVue/design/publish', lazy: publishPage },
            ],
          },
          { path: '/dCapVue/design/panel/:instrumentId', lazy: formDesignerPage },
          { path: '/dCapVue/design/derived/:instrumentId', lazy: derivedDesignerPage },
          { path: '/sys/standardField', lazy: standardFieldsPage },
          { path: '/sys/standardInstrument', lazy: standardInstrumentsPage },
          { path: '/sys/dict', lazy: dictionariesPage },
          // Spec 000 §2.2 /sys/projectDataManage/globalProjectDict: the platform dictionaries every project sees and copies from (docs/decisions.md "Global project dictionary").
          { path: '/sys/projectDataManage/globalProjectDict', lazy: dictionariesPage },
          { path: '/sys/derivedField', lazy: derivedFieldsPage },
          // Spec 000 §2.2 "coding library": the dictionaries, and coding a project's values (docs/decisions.md "Coding library").
          { path: '/sys/coding', lazy: codingLibraryPage },
          { path: '/survey/coding', lazy: projectCodingPage },
          // Spec 002 §3 message configuration: the platform's and the session project's (spec 000 §2.2 /project/message).
          { path: '/sys/messageConfig', lazy: systemMessageConfigPage },
          { path: '/project/message', lazy: projectMessageConfigPage },
          // Spec 000 §2.2 /sopManage/sopDetail: the project's SOPs, their versions and review.
          { path: '/sopManage/sopDetail', lazy: sopPage },
          { path: '/project/uimanage', lazy: uiManagePage },
          { path: '/survey/tasks', lazy: taskSummaryPage },
          { path: '/survey/queries', lazy: queryManagementPage },
          { path: '/export/exportIndex', lazy: exportPage },
          { path: '/survey/alterationLog', lazy: alterationLogPage },
          { path: '/survey/subject/:subjectId/panel/:panelInstanceId', lazy: panelEntryPage },
          { path: '/survey/subject/:subjectId/signatures', lazy: subjectSignaturesPage },
          { path: '/survey/schedule', lazy: subjectListPage },
          { path: '/survey/subject/:subjectId', lazy: subjectPage },
          { path: '/survey/screening', lazy: screeningResultsPage },
          { path: '/survey/requests', lazy: subjectRequestsPage },
          // Spec 000 §2.2 data import list and detail (docs/decisions.md "Record import").
          { path: '/import/importList', lazy: importListPage },
          { path: '/import/importDetail/:importId', lazy: importDetailPage },
          // Balance (randomisation) and iMask (blinding), spec 000 §1, §2.4: each mounted under its prefix.
          { path: BALANCE_LANDING_PATH, element: <Navigate to={SCHEMES_PATH} replace /> },
          { path: SCHEMES_PATH, lazy: schemeListPage },
          { path: `${SCHEMES_PATH}/:schemeId`, lazy: schemeDesignerPage },
          { path: ALLOCATIONS_PATH, lazy: allocationListPage },
          { path: SITE_MAPPING_PATH, lazy: siteMappingPage },
          { path: BLINDING_PATH, lazy: blindingPage },
          // iSupply (drug supply), spec 000 §1, §2.4: mounted under /isupply, landing on the drug list.
          { path: DRUG_LIST_PATH, lazy: drugListPage },
          { path: LOCATIONS_PATH, lazy: locationsPage },
          { path: KITS_PATH, lazy: kitsPage },
          { path: SHIPMENTS_PATH, lazy: shipmentsPage },
          { path: EXPIRY_PATH, lazy: expiryPage },
          { path: MONITORING_PATH, lazy: monitoringPage },
          // Analytics, spec 000 §1 (docs/decisions.md "Analytics screens"): mounted under /analytics.
          { path: ANALYTICS_PATH, element: <Navigate to={ANALYTICS_CHARTS_PATH} replace /> },
          { path: ANALYTICS_CHARTS_PATH, lazy: analyticsPage },
        ],
      },
      // Bigscreen, spec 000 §1: the wall displays stand outside the main layout (docs/decisions.md "Bigscreen").
      {
        lazy: bigscreenLayout,
        children: [
          { path: BIGSCREEN_PATH, lazy: bigscreenPage },
          { path: BIGSCREEN_ALL_PATH, lazy: bigscreenAllPage },
        ],
      },
      // A subject's questionnaire, without an account and outside the shell (docs/decisions.md "Subject questionnaires").
      { path: '/epro/:token', lazy: surveyPage },
      // A project's own sign-in page (spec 000 §2.3), outside the shell and without a session.
      { path: '/portal/:project', lazy: portalPage },
      {
        // Spec 000 §2.3 and §4.4: the notice pages stand outside the main layout.
        element: <ToolsLayout />,
        children: [
          { path: ENV_DISABLED_PATH, lazy: envDisabledPage },
          { path: ROLE_DISABLED_PATH, lazy: roleDisabledPage },
        ],
      },
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];
