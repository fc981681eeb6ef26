import type { AnalyticsLabel } from './schemas.js';

/**
 * The fixed names of the charts' axes and series in both languages: the server puts them in each chart so
 * a CSV has headers in the reader's language without the web knowing each indicator.
 */
const NAMES = {
  date: ['日期', 'Date'],
  site: ['中心', 'Site'],
  arm: ['组别', 'Arm'],
  visit: ['访视', 'Visit'],
  panel: ['表单', 'Panel'],
  reason: ['筛选失败原因', 'Screening failure reason'],
  value: ['取值', 'Value'],
  target: ['目标', 'Target'],
  enrolled: ['入组', 'Enrolled'],
  failures: ['筛选失败', 'Screening failures'],
  inWindow: ['窗口内完成', 'Done in window'],
  outOfWindow: ['超窗完成', 'Done out of window'],
  due: ['待完成', 'Due'],
  missed: ['缺失', 'Missed'],
  notDue: ['未到期', 'Not yet due'],
  OPEN: ['未回复', 'Open'],
  ANSWERED: ['已回复', 'Answered'],
  CLOSED: ['已关闭', 'Closed'],
  perHundred: ['每百个数据点质疑数', 'Queries per 100 values'],
  hoursToAnswer: ['回复时长中位数（小时）', 'Median hours to answer'],
  hoursToClose: ['关闭时长中位数（小时）', 'Median hours to close'],
  lagMedian: ['录入延迟中位数（天）', 'Median entry lag (days)'],
  lagP90: ['录入延迟第90百分位（天）', 'Entry lag, 90th percentile (days)'],
  verified: ['已核查', 'Verified'],
  notVerified: ['未核查', 'Not verified'],
  randomised: ['已随机', 'Randomised'],
  all: ['全部', 'All'],
  missing: ['缺失值', 'Missing'],
  noReason: ['未填写原因', 'No reason given'],
} as const satisfies Record<string, readonly [string, string]>;
export type AnalyticsName = keyof typeof NAMES;

/** A fixed name as a label; `key` defaults to the name's own key. */
export function analyticsLabel(name: AnalyticsName, key: string = name): AnalyticsLabel {
  const [zh, en] = NAMES[name];
  return { key, name: zh, nameEn: en };
}
