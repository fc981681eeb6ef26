import { zhCNDesign } from './zh-CN.design';
import { zhCNDesigner } from './zh-CN.designer';
import { zhCNLibrary } from './zh-CN.library';
import { zhCNRenderer } from './zh-CN.renderer';
import { zhCNInstitution } from './zh-CN.institution';
import { zhCNProjects } from './zh-CN.projects';
import { zhCNSync } from './zh-CN.sync';
import { zhCNDesignImport } from './zh-CN.designImport';
import { zhCNImports } from './zh-CN.imports';
import { zhCNExports } from './zh-CN.exports';
import { zhCNBalance } from './zh-CN.balance';
import { zhCNSupply } from './zh-CN.supply';
import { zhCNAnalytics } from './zh-CN.analytics';
import { zhCNSignin } from './zh-CN.signin';
import { zhCNEpro } from './zh-CN.epro';
import { zhCNMessages } from './zh-CN.messages';
import { zhCNSop } from './zh-CN.sop';
import { zhCNSignature } from './zh-CN.signature';
import { zhCNAreas } from './zh-CN.areas';
import { zhCNCoding } from './zh-CN.coding';
import { zhCNAdmin } from './zh-CN.admin';
import { zhCNSysConfig } from './zh-CN.sysconfig';
import { zhCNAttachments } from './zh-CN.attachments';
import { zhCNRecords } from './zh-CN.records';
import { zhCNSchedule } from './zh-CN.schedule';
import { zhCNWorkflow } from './zh-CN.workflow';
import { zhCNDataDisplay } from './zh-CN.dataDisplay';
import { zhCNShell } from './zh-CN.shell';
import { zhCNQueries } from './zh-CN.queries';
import { zhCNSubjects } from './zh-CN.subjects';
import { zhCNCrfPdf } from './zh-CN.crfPdf';
import { zhCNOdm } from './zh-CN.odm';
import { zhCNContent } from './zh-CN.content';

/**
 * The Chinese catalogue (the default language, spec 000 §9). Every key here exists in en-US.ts with the
 * same shape; the type of en-US.ts and a unit test both enforce it.
 */
export const zhCN = {
  app: {
    name: '临床研究数据采集平台',
    logoAlt: '平台标志',
  },
  common: {
    exportFormat: { xlsx: 'Excel（xlsx）', csv: 'CSV' },
    backHome: '返回首页',
    cancel: '取消',
    delete: '删除',
    edit: '编辑',
    save: '保存',
    retry: '重试',
    loadFailed: '数据加载失败',
    actions: '操作',
    confirm: '确定',
    yes: '是',
    no: '否',
    reset: '重置',
    chartFailed: '此浏览器无法绘制该图表',
  },
  language: {
    switch: '切换语言',
    zhCN: '中文',
    enUS: 'English',
  },
  menu: {
    design: '研究设计',
    designInstruments: '表单管理',
    designEvents: '访视与表单',
    designDicts: '项目字典',
    designPublish: '发布设计',
    formDesigner: '表单设计器',
    derivedDesigner: '衍生变量设计器',
    dataDisplay: '首页',
    projectList: '工作台',
    projectApply: '项目申请',
    approvals: '审批中心',
    project: '项目管理',
    projectDetail: '项目配置',
    projectEnv: '环境管理',
    syncProjectData: '环境同步',
    syncProjectDataTask: '同步任务',
    survey: '数据采集',
    surveyTasks: '任务汇总',
    surveyQueries: '质疑管理',
    surveyAlterationLog: '稽查轨迹',
    surveyPanelEntry: '表单录入',
    institution: '中心与角色',
    projectRoleAuthLog: '角色授权日志',
    projectMessage: '消息配置',
    sys: '系统配置',
    sysUser: '用户管理',
    sysUnit: '医院管理',
    sysDivision: '科室管理',
    sysStandardField: '标准变量库',
    sysStandardInstrument: '标准表单库',
    sysDict: '字典管理',
    sysDerivedField: '衍生变量库',
    sysMessageConfig: '消息配置',
  },
  header: {
    mainMenu: '主菜单',
    userMenu: '用户菜单',
    accountSettings: '个人设置',
    logout: '退出登录',
  },
  footer: {
    copyright: 'Copyright © {{start}}–{{end}}',
  },
  notify: {
    success: '操作成功',
    warning: '操作警告',
    loginAgainTitle: '登录已失效',
    loginAgain: '请重新登录',
    forbiddenTitle: '无访问权限，请联系管理员',
    systemWarning: '系统提示',
  },
  request: {
    timeout: '请求超时（{{seconds}} 秒），请稍后重试',
    network: '网络连接失败，请检查网络后重试',
    badResponse: '服务器返回了无法识别的内容（状态 {{status}}）',
  },
  init: {
    failed: '系统初始化失败，请重试或重新登录',
  },
  error: {
    routeTitle: '页面加载失败',
    routeDescription: '页面可能已更新，请刷新后重试。',
    reload: '刷新页面',
  },
  exception: {
    notFound: '抱歉，您访问的页面不存在。',
    forbidden: '抱歉，您没有访问此页面的权限，请联系管理员。',
  },
  login: {
    title: '账号登录',
    subtitle: '规范、可追溯的临床研究电子数据采集',
    username: '账号',
    usernamePlaceholder: '请输入账号',
    usernameRequired: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    submit: '登录',
    failed: '登录失败，请稍后重试',
    changePassword: {
      title: '设置新密码',
      notice: '您的密码由管理员设置。请先设置只有您自己知道的新密码，然后再继续使用系统。',
      issuedPassword: '管理员提供的密码',
      submit: '设置新密码并继续',
      signOut: '退出登录',
    },
  },
  greeting: {
    earlyMorning: '早上好',
    morning: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  dashboard: {
    greeting: '{{greeting}}，{{name}}',
    welcome: '欢迎使用{{system}}',
    now: '当前时间 {{time}}',
    noProjects: '暂无项目',
    noProjectsHint: '您加入的研究项目将显示在这里。',
    currentProject: '当前项目',
    chooseProject: '尚未选择项目，请在工作台选择',
    toWorkplace: '工作台（{{count}} 个项目）',
  },
  account: {
    title: '个人设置',
    tabs: {
      base: '基本设置',
      security: '安全设置',
      custom: '个性化',
      binding: '账号绑定',
      notification: '新消息通知',
      messages: '消息列表',
    },
    custom: {
      fontSize: '字体大小',
      fontSizeHint: '立即应用到整个系统，并保存到您的账号，在其他浏览器登录时同样生效。',
      small: '小',
      medium: '中',
      large: '大',
    },
    notification: {
      intro: '选择各类消息通过哪些渠道通知您',
      category: '消息类型',
      channels: { inSite: '站内消息', email: '电子邮件', wechat: '微信' },
      categories: {
        queries: '质疑（新建、回复、关闭）',
        signatures: '签名（待签名、已签名）',
        visits: '访视（即将到期、超窗）',
        roleChanges: '角色与权限变更',
        projectStatus: '项目状态变更',
        randomisation: '随机化与紧急揭盲',
      },
    },
    base: {
      submit: '更新基本信息',
    },
    security: {
      oldPassword: '原密码',
      newPassword: '新密码',
      confirmPassword: '确认新密码',
      submit: '修改密码',
    },
  },
  password: {
    rule: '密码至少 {{min}} 位，需包含字母及数字或符号',
    strength: {
      label: '强度：{{level}}',
      tooShort: '太短',
      low: '低',
      medium: '中',
      strong: '强',
    },
  },
  validation: {
    required: '此项为必填项',
    tooLong: '内容过长',
    email: '请输入有效的邮箱地址（{{min}} 到 {{max}} 个字符）',
    phone: '请输入有效的电话号码',
    loginName: '登录名只能包含字母、数字、点、下划线、@ 和连字符，长度 {{min}} 到 {{max}}',
    passwordWeak: '密码强度不足：至少 {{min}} 个字符，且包含字母和数字',
    passwordsDiffer: '两次输入的密码不一致',
  },
  user: {
    fields: {
      username: '登录名',
      name: '姓名',
      nameEn: '英文名',
      gender: '性别',
      email: '邮箱',
      phone: '电话',
      corporation: '单位',
      department: '部门',
    },
    gender: {
      male: '男',
      female: '女',
      unknown: '未知',
    },
    status: {
      active: '正常',
      locked: '已锁定',
      deleted: '已删除',
    },
    roles: {
      admin: '超级管理员',
      systemAdmin: '平台管理员',
      projectAdmin: '项目管理员',
    },
  },
  users: {
    title: '用户管理',
    searchPlaceholder: '登录名、姓名、邮箱或电话',
    statusFilter: '状态',
    total: '共 {{total}} 条',
    lockedUntil: '锁定至 {{time}}',
    columns: {
      roles: '角色',
      status: '状态',
      lastLogin: '最近登录',
      actions: '操作',
    },
    actions: {
      create: '新建用户',
      batchDelete: '批量删除（{{count}}）',
      lock: '锁定',
      unlock: '解锁',
      resetPassword: '重置密码',
      resetPasswordByEmail: '重置并发送邮件',
      import: '导入',
      export: '导出',
    },
    confirm: {
      deleteTitle: '确认删除该用户？',
      deleteContent: '将删除用户 {{name}}（{{username}}），该用户将无法再登录，登录名不可再次使用。',
      batchDeleteTitle: '确认删除选中的用户？',
      batchDeleteContent: '将删除选中的 {{count}} 个用户，这些用户将无法再登录。',
      resetTitle: '确认重置密码？',
      resetContent: '将为 {{name}}（{{username}}）生成新密码，原密码立即失效。',
    },
    form: {
      createTitle: '新建用户',
      editTitle: '编辑用户',
      password: '初始密码',
      passwordHint: '留空则由系统生成密码，并仅显示一次',
      usernameTaken: '该登录名已被使用',
    },
    import: {
      title: '从表格导入用户',
      hint: '下载模板，每行填写一个用户后上传。系统先逐行检查；只有全部行都无误时才会一次性创建全部用户，并为每人生成只显示一次的密码。',
      template: '下载模板',
      upload: '上传表格',
      row: '行',
      problems: '问题',
      ok: '无误',
      someInvalid: '{{total}} 行中有 {{invalid}} 行有错误：请修改表格后重新上传',
      allValid: '全部 {{total}} 行无误',
      confirm: '创建 {{count}} 个用户',
      cancel: '取消',
    },
    issued: {
      createdTitle: '用户已创建',
      resetTitle: '密码已重置',
      warning: '此密码只显示这一次，请立即复制并通过安全的方式交给用户。',
      password: '新密码',
      copy: '复制',
      copied: '已复制',
      done: '我已保存',
      firstSignIn: '用户首次登录时必须将此密码改为自己的密码。',
    },
  },
  ...zhCNProjects,
  ...zhCNSync,
  ...zhCNDesignImport,
  ...zhCNImports,
  ...zhCNExports,
  ...zhCNBalance,
  ...zhCNSupply,
  ...zhCNAnalytics,
  ...zhCNSignin,
  ...zhCNEpro,
  ...zhCNMessages,
  ...zhCNSop,
  ...zhCNSignature,
  ...zhCNAreas,
  ...zhCNCoding,
  ...zhCNAdmin,
  ...zhCNSysConfig,
  ...zhCNAttachments,
  ...zhCNQueries,
  ...zhCNSubjects,
  ...zhCNCrfPdf,
  ...zhCNOdm,
  ...zhCNContent,
  ...zhCNRecords,
  ...zhCNSchedule,
  ...zhCNWorkflow,
  ...zhCNDataDisplay,
  ...zhCNShell,
  ...zhCNInstitution,
  ...zhCNDesign,
  ...zhCNDesigner,
  ...zhCNLibrary,
  ...zhCNRenderer,
};
