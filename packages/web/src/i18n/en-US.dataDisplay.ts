import type { Shape } from './catalogue';
import type { zhCNDataDisplay } from './zh-CN.dataDisplay';

/** English texts of the data display dashboard's study figures. */
export const enUSDataDisplay: Shape<typeof zhCNDataDisplay> = {
  dataDisplay: {
    title: 'Study data',
    env: 'Environment: {{env}}',
    filter: {
      all: 'All',
      today: 'Today',
      week: 'This week',
      month: 'This month',
      year: 'This year',
    },
    since: 'Since {{date}}',
    loadFailed: 'The study figures could not be loaded',
    noData: 'No data yet',
    kpi: {
      subjects: 'Subjects',
      enrolled: 'Enrolled',
      panels: 'Panels',
      openQueries: 'Unclosed queries',
    },
    chart: {
      subjects: 'Subjects by status and site',
      enrolment: 'Cumulative enrolment by site',
      panels: 'Panel status by site',
      queries: 'Unclosed queries by age',
    },
    subjectStatus: {
      RECORD_STATUS_PRESCREEN: 'Pre-screening',
      RECORD_STATUS_SCREENING: 'Screening',
      SCREEN_SUCCESS: 'Screened',
      SCREEN_FAILURE: 'Screen failure',
      ARMED: 'Enrolled',
      TESTING: 'In treatment',
      TEST_FIX: 'Completed',
      TEST_EXIT: 'Withdrawn',
    },
    panelStatus: {
      EXPIRED: 'Not entered',
      INCOMPLETE: 'Incomplete',
      COMPLETED: 'Completed',
      VERIFIED: 'Verified',
      REVIEWED: 'Reviewed',
      FROZEN: 'Frozen',
      SIGNED: 'Signed',
      LOCKED: 'Locked',
      NOT_CHECKED: 'Not checked',
    },
    queryStatus: {
      OPEN: 'Awaiting reply',
      ANSWERED: 'Replied',
    },
    bucket: {
      d0_7: '0–7 days',
      d8_14: '8–14 days',
      d15_30: '15–30 days',
      d31_60: '31–60 days',
      d61_plus: 'Over 60 days',
    },
  },
};
