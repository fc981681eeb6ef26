import type { Catalogue } from './catalogue';
import { enUSDesign } from './en-US.design';
import { enUSDesigner } from './en-US.designer';
import { enUSLibrary } from './en-US.library';
import { enUSRenderer } from './en-US.renderer';
import { enUSInstitution } from './en-US.institution';
import { enUSProjects } from './en-US.projects';
import { enUSSync } from './en-US.sync';
import { enUSDesignImport } from './en-US.designImport';
import { enUSImports } from './en-US.imports';
import { enUSExports } from './en-US.exports';
import { enUSBalance } from './en-US.balance';
import { enUSSupply } from './en-US.supply';
import { enUSAnalytics } from './en-US.analytics';
import { enUSSignin } from './en-US.signin';
import { enUSEpro } from './en-US.epro';
import { enUSMessages } from './en-US.messages';
import { enUSSop } from './en-US.sop';
import { enUSSignature } from './en-US.signature';
import { enUSAreas } from './en-US.areas';
import { enUSCoding } from './en-US.coding';
import { enUSAdmin } from './en-US.admin';
import { enUSSysConfig } from './en-US.sysconfig';
import { enUSAttachments } from './en-US.attachments';
import { enUSRecords } from './en-US.records';
import { enUSSchedule } from './en-US.schedule';
import { enUSWorkflow } from './en-US.workflow';
import { enUSDataDisplay } from './en-US.dataDisplay';
import { enUSShell } from './en-US.shell';
import { enUSQueries } from './en-US.queries';
import { enUSSubjects } from './en-US.subjects';
import { enUSCrfPdf } from './en-US.crfPdf';
import { enUSOdm } from './en-US.odm';
import { enUSContent } from './en-US.content';

/** The English catalogue; typed by the Chinese one so a missing or extra key fails to compile. */
export const enUS: Catalogue = {
  app: {
    name: 'Clinical Research Data Capture Platform',
    logoAlt: 'Platform logo',
  },
  common: {
    exportFormat: { xlsx: 'Excel (xlsx)', csv: 'CSV' },
    backHome: 'Back to home',
    cancel: 'Cancel',
    delete: 'Delete',
    edit: 'Edit',
    save: 'Save',
    retry: 'Retry',
    loadFailed: 'Failed to load the data',
    actions: 'Actions',
    confirm: 'OK',
    yes: 'Yes',
    no: 'No',
    reset: 'Reset',
    chartFailed: 'The chart could not be drawn in this browser',
  },
  language: {
    switch: 'Change language',
    zhCN: '中文',
    enUS: 'English',
  },
  menu: {
    design: 'Study design',
    designInstruments: 'Panels',
    designEvents: 'Visits and panels',
    designDicts: 'Project dictionaries',
    designPublish: 'Publish design',
    formDesigner: 'Form designer',
    derivedDesigner: 'Derived-variable designer',
    dataDisplay: 'Home',
    projectList: 'Workplace',
    projectApply: 'Apply for a project',
    approvals: 'Approvals',
    project: 'Project',
    projectDetail: 'Project configuration',
    projectEnv: 'Environments',
    syncProjectData: 'Environment sync',
    syncProjectDataTask: 'Sync tasks',
    survey: 'Data capture',
    surveyTasks: 'Task summary',
    surveyQueries: 'Query management',
    surveyAlterationLog: 'Alteration log',
    surveyPanelEntry: 'Panel entry',
    institution: 'Sites and roles',
    projectRoleAuthLog: 'Role authorisation log',
    projectMessage: 'Messages',
    sys: 'System',
    sysUser: 'Users',
    sysUnit: 'Hospitals',
    sysDivision: 'Departments',
    sysStandardField: 'Standard variables',
    sysStandardInstrument: 'Panel templates',
    sysDict: 'Dictionaries',
    sysDerivedField: 'Derived fields',
    sysMessageConfig: 'Message configuration',
  },
  header: {
    mainMenu: 'Main menu',
    userMenu: 'User menu',
    accountSettings: 'Account settings',
    logout: 'Log out',
  },
  footer: {
    copyright: 'Copyright © {{start}}–{{end}}',
  },
  notify: {
    success: 'Operation success',
    warning: 'Operation warning',
    loginAgainTitle: 'Session ended',
    loginAgain: 'Please login again',
    forbiddenTitle: 'Access denied, please contact the administrator',
    systemWarning: 'System Warning',
  },
  request: {
    timeout: 'The request timed out ({{seconds}} s); please try again later',
    network: 'Network error; check your connection and try again',
    badResponse: 'The server sent a response that could not be read (status {{status}})',
  },
  init: {
    failed: 'The system could not be initialised; retry or sign in again',
  },
  error: {
    routeTitle: 'The page failed to load',
    routeDescription: 'The application may have been updated; refresh the page and try again.',
    reload: 'Refresh the page',
  },
  exception: {
    notFound: 'Sorry, the page you visited does not exist.',
    forbidden: 'Sorry, you are not allowed to open this page. Please contact the administrator.',
  },
  login: {
    title: 'Sign in',
    subtitle: 'Compliant, traceable electronic data capture for clinical research',
    username: 'Account',
    usernamePlaceholder: 'Enter your account',
    usernameRequired: 'Please enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    passwordRequired: 'Please enter your password',
    submit: 'Sign in',
    failed: 'Sign-in failed, please try again later',
    changePassword: {
      title: 'Set a new password',
      notice: 'Your password was set by an administrator. Choose a new password that only you know before you continue.',
      issuedPassword: 'Password from the administrator',
      submit: 'Set new password and continue',
      signOut: 'Sign out',
    },
  },
  greeting: {
    earlyMorning: 'Good morning',
    morning: 'Good morning',
    noon: 'Good day',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  dashboard: {
    greeting: '{{greeting}}, {{name}}',
    welcome: 'Welcome to the {{system}}',
    now: 'Now {{time}}',
    noProjects: 'No projects yet',
    noProjectsHint: 'The studies you join will appear here.',
    currentProject: 'Current project',
    chooseProject: 'No project chosen yet; choose one in the workplace',
    toWorkplace_one: 'Workplace ({{count}} project)',
    toWorkplace: 'Workplace ({{count}} projects)',
  },
  account: {
    title: 'Account settings',
    tabs: {
      base: 'Basic settings',
      security: 'Security',
      custom: 'Personalisation',
      binding: 'Account binding',
      notification: 'Notifications',
      messages: 'Messages',
    },
    custom: {
      fontSize: 'Font size',
      fontSizeHint: 'Applies to the whole platform at once and is saved to your account, so it follows you to other browsers.',
      small: 'Small',
      medium: 'Medium',
      large: 'Large',
    },
    notification: {
      intro: 'Choose how each kind of message reaches you',
      category: 'Message',
      channels: { inSite: 'In the platform', email: 'E-mail', wechat: 'WeChat' },
      categories: {
        queries: 'Queries (raised, answered, closed)',
        signatures: 'Signatures (awaiting, signed)',
        visits: 'Visits (due soon, out of window)',
        roleChanges: 'Role and rights changes',
        projectStatus: 'Project status changes',
        randomisation: 'Randomisation and emergency unblinding',
      },
    },
    base: {
      submit: 'Update information',
    },
    security: {
      oldPassword: 'Current password',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      submit: 'Change password',
    },
  },
  password: {
    rule: 'Password length {{min}} to {{max}} characters, with letters and digits or symbols',
    strength: {
      label: 'Strength: {{level}}',
      tooShort: 'Too short',
      low: 'Low',
      medium: 'Medium',
      strong: 'Strong',
    },
  },
  validation: {
    required: 'This field is required',
    tooLong: 'The text is too long',
    email: 'Enter a valid e-mail address ({{min}} to {{max}} characters)',
    phone: 'Enter a valid phone number',
    loginName: 'A login name may hold letters, digits, dot, underscore, @ and hyphen, {{min}} to {{max}} characters',
    passwordWeak: 'The password is too weak: at least {{min}} characters with letters and digits',
    passwordsDiffer: 'The two passwords are inconsistent',
  },
  user: {
    fields: {
      username: 'Login name',
      name: 'Name',
      nameEn: 'English name',
      gender: 'Gender',
      email: 'E-mail',
      phone: 'Phone',
      corporation: 'Organisation',
      department: 'Department',
    },
    gender: {
      male: 'Male',
      female: 'Female',
      unknown: 'Unknown',
    },
    status: {
      active: 'Active',
      locked: 'Locked',
      deleted: 'Deleted',
    },
    roles: {
      admin: 'Super administrator',
      systemAdmin: 'Platform administrator',
      projectAdmin: 'Project administrator',
    },
  },
  users: {
    title: 'Users',
    searchPlaceholder: 'Login name, name, e-mail or phone',
    statusFilter: 'Status',
    total: '{{total}} in total',
    lockedUntil: 'Locked until {{time}}',
    columns: {
      roles: 'Roles',
      status: 'Status',
      lastLogin: 'Last sign-in',
      actions: 'Actions',
    },
    actions: {
      create: 'New user',
      batchDelete: 'Delete selected ({{count}})',
      lock: 'Lock',
      unlock: 'Unlock',
      resetPassword: 'Reset password',
      resetPasswordByEmail: 'Reset and e-mail it',
      import: 'Import',
      export: 'Export',
    },
    confirm: {
      deleteTitle: 'Delete this user?',
      deleteContent:
        '{{name}} ({{username}}) will be deleted and can no longer sign in; the login name cannot be used again.',
      batchDeleteTitle: 'Delete the selected users?',
      batchDeleteContent_one: '{{count}} selected user will be deleted and can no longer sign in.',
      batchDeleteContent: '{{count}} selected users will be deleted and can no longer sign in.',
      resetTitle: 'Reset the password?',
      resetContent: 'A new password will be generated for {{name}} ({{username}}); the current one stops working at once.',
    },
    form: {
      createTitle: 'New user',
      editTitle: 'Edit user',
      password: 'Initial password',
      passwordHint: 'Leave empty to have the system generate one, shown only once',
      usernameTaken: 'This login name is already taken',
    },
    import: {
      title: 'Import users from a sheet',
      hint: 'Download the template, fill in one user per row, and upload it. Every row is checked first; users are created only when no row has an error, all at once. Each gets a generated password, shown once.',
      template: 'Download template',
      upload: 'Upload sheet',
      row: 'Row',
      problems: 'Problems',
      ok: 'OK',
      someInvalid: '{{invalid}} of {{total}} rows have errors: correct the sheet and upload it again',
      allValid: 'All {{total}} rows are valid',
      confirm_one: 'Create {{count}} user',
      confirm: 'Create {{count}} users',
      cancel: 'Cancel',
    },
    issued: {
      createdTitle: 'User created',
      resetTitle: 'Password reset',
      warning: 'This password is shown only this once. Copy it now and give it to the user by a secure channel.',
      password: 'New password',
      copy: 'Copy',
      copied: 'Copied',
      done: 'I have saved it',
      firstSignIn: 'The user must replace this password with one of their own at the first sign-in.',
    },
  },
  ...enUSProjects,
  ...enUSSync,
  ...enUSDesignImport,
  ...enUSImports,
  ...enUSExports,
  ...enUSBalance,
  ...enUSSupply,
  ...enUSAnalytics,
  ...enUSSignin,
  ...enUSEpro,
  ...enUSMessages,
  ...enUSSop,
  ...enUSSignature,
  ...enUSAreas,
  ...enUSCoding,
  ...enUSAdmin,
  ...enUSSysConfig,
  ...enUSAttachments,
  ...enUSQueries,
  ...enUSSubjects,
  ...enUSCrfPdf,
  ...enUSOdm,
  ...enUSContent,
  ...enUSRecords,
  ...enUSSchedule,
  ...enUSWorkflow,
  ...enUSDataDisplay,
  ...enUSShell,
  ...enUSInstitution,
  ...enUSDesign,
  ...enUSDesigner,
  ...enUSLibrary,
  ...enUSRenderer,
};
