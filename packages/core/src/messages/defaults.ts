import type { MessageEvent } from './channels.js';
import { MESSAGE_EVENTS } from './channels.js';
import type { MessageConfigSettings, MessageReceiver } from './config.js';

/**
 * The platform's default configuration of each event (docs/decisions.md "Message configuration"): used until
 * a platform administrator saves the system configuration of the event, which then holds instead. Receiver
 * roles name core's role templates (roles/templates.ts).
 */
interface Default {
  group: string;
  title: string;
  receivers: MessageReceiver[];
  email: boolean;
  zh: [string, string];
  en: [string, string];
}

const site = (...roles: string[]): MessageReceiver[] => roles.map((role) => ({ role, level: 'site' }));
const project = (...roles: string[]): MessageReceiver[] => roles.map((role) => ({ role, level: 'project' }));

const DEFAULTS: Record<MessageEvent, Default> = {
  'query.raised': {
    group: 'queries',
    title: 'Query raised',
    receivers: site('CRC', 'PI'),
    email: true,
    zh: ['【{projectCode}】受试者 {subjectCode} 有新质疑', '{actorName} 对受试者 {subjectCode}（{siteName}）{visit} 的 {field} 发起质疑：{content}'],
    en: ['[{projectCode}] New query on subject {subjectCode}', '{actorName} raised a query on {field} of subject {subjectCode} ({siteName}), {visit}: {content}'],
  },
  'query.answered': {
    group: 'queries',
    title: 'Query answered',
    receivers: [],
    email: true,
    zh: ['【{projectCode}】受试者 {subjectCode} 的质疑已回复', '{actorName} 回复了受试者 {subjectCode}（{siteName}）{visit} 的 {field} 的质疑：{comment}'],
    en: ['[{projectCode}] Query answered for subject {subjectCode}', '{actorName} answered the query on {field} of subject {subjectCode} ({siteName}), {visit}: {comment}'],
  },
  'query.closed': {
    group: 'queries',
    title: 'Query closed',
    receivers: site('CRC'),
    email: false,
    zh: ['【{projectCode}】受试者 {subjectCode} 的质疑已关闭', '{actorName} 关闭了受试者 {subjectCode}（{siteName}）{visit} 的 {field} 的质疑。'],
    en: ['[{projectCode}] Query closed for subject {subjectCode}', '{actorName} closed the query on {field} of subject {subjectCode} ({siteName}), {visit}.'],
  },
  'signature.due': {
    group: 'signatures',
    title: 'Ready to sign',
    receivers: site('PI', 'SUBI'),
    email: true,
    zh: ['【{projectCode}】受试者 {subjectCode} 的表单待签名', '受试者 {subjectCode}（{siteName}）{visit} 的 {panel} 已完成审核，等待研究者签名。'],
    en: ['[{projectCode}] A form of subject {subjectCode} is ready to sign', '{panel} of subject {subjectCode} ({siteName}), {visit}, has completed its review and waits for the investigator\'s signature.'],
  },
  'visit.due': {
    group: 'visits',
    title: 'Visit due',
    receivers: site('CRC'),
    email: false,
    zh: ['【{projectCode}】受试者 {subjectCode} 的访视即将到期', '受试者 {subjectCode}（{siteName}）的 {visit} 应于 {dueDate} 前完成。'],
    en: ['[{projectCode}] Visit due for subject {subjectCode}', '{visit} of subject {subjectCode} ({siteName}) is due by {dueDate}.'],
  },
  'visit.overdue': {
    group: 'visits',
    title: 'Visit overdue',
    receivers: site('CRC', 'PI'),
    email: true,
    zh: ['【{projectCode}】受试者 {subjectCode} 的访视已超窗', '受试者 {subjectCode}（{siteName}）的 {visit} 应于 {dueDate} 前完成，现已超窗。'],
    en: ['[{projectCode}] Visit overdue for subject {subjectCode}', '{visit} of subject {subjectCode} ({siteName}) was due by {dueDate} and is now overdue.'],
  },
  'role.assigned': {
    group: 'members',
    title: 'Role assigned',
    receivers: [],
    email: true,
    zh: ['【{projectCode}】您已获得角色 {roleName}', '{actorName} 在项目 {projectName} 中为您分配了角色 {roleName}。'],
    en: ['[{projectCode}] You were given the role {roleName}', '{actorName} gave you the role {roleName} in the project {projectName}.'],
  },
  'password.reset': {
    group: 'account',
    title: 'Password reset',
    receivers: [],
    email: true,
    zh: ['您的密码已重置', '{username}，管理员 {actorName} 为您重置了密码。新密码：{password}\n首次登录后请立即修改密码。'],
    en: ['Your password was reset', '{username}, the administrator {actorName} reset your password. New password: {password}\nYou will be asked to choose your own at the next sign-in.'],
  },
  'project.statusApplied': {
    group: 'project',
    title: 'Status change applied for',
    receivers: [],
    email: true,
    zh: ['【{projectCode}】项目状态变更申请待审批', '{actorName} 申请对项目 {projectName} 进行“{application}”。理由：{reason}'],
    en: ['[{projectCode}] A status change waits for approval', '{actorName} applied for "{application}" of the project {projectName}. Reason: {reason}'],
  },
  'project.statusDecided': {
    group: 'project',
    title: 'Status change decided',
    receivers: project('PM'),
    email: true,
    zh: ['【{projectCode}】项目状态变更申请{decision}', '{actorName} 已{decision}项目 {projectName} 的“{application}”申请。{comment}'],
    en: ['[{projectCode}] Status change {decision}', '{actorName} {decision} the application for "{application}" of the project {projectName}. {comment}'],
  },
  'randomisation.done': {
    group: 'randomisation',
    title: 'Subject randomised',
    receivers: [...project('CRA'), ...site('PI', 'CRC')],
    email: false,
    zh: ['【{projectCode}】受试者 {subjectCode} 已随机', '受试者 {subjectCode}（{siteName}）已由 {actorName} 完成随机，随机号 {randomNo}。'],
    en: ['[{projectCode}] Subject {subjectCode} randomised', '{actorName} randomised subject {subjectCode} ({siteName}); randomisation number {randomNo}.'],
  },
  'unblinding.emergency': {
    group: 'randomisation',
    title: 'Emergency unblinding',
    receivers: [...project('PM', 'MM'), ...site('PI')],
    email: true,
    zh: ['【{projectCode}】受试者 {subjectCode} 已紧急揭盲', '{actorName} 对受试者 {subjectCode}（{siteName}，随机号 {randomNo}）进行了紧急揭盲。理由：{reason}'],
    en: ['[{projectCode}] Emergency unblinding of subject {subjectCode}', '{actorName} unblinded subject {subjectCode} ({siteName}, randomisation number {randomNo}) in an emergency. Reason: {reason}'],
  },
};

/** The default settings of an event: on in every channel but WeChat, in testing and online periods alike. */
export function defaultMessageConfig(event: MessageEvent): MessageConfigSettings {
  const d = DEFAULTS[event];
  return {
    event,
    category: event === 'password.reset' ? 'system' : 'project',
    group: d.group,
    title: d.title,
    receivers: d.receivers,
    blacklist: [],
    enabled: true,
    inSite: event !== 'password.reset',
    testingPeriod: true,
    onlinePeriod: true,
    wechat: false,
    email: d.email,
    templates: { 'zh-CN': { subject: d.zh[0], body: d.zh[1] }, 'en-US': { subject: d.en[0], body: d.en[1] } },
  };
}

export const DEFAULT_MESSAGE_CONFIGS: readonly MessageConfigSettings[] = MESSAGE_EVENTS.map(defaultMessageConfig);
