import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FollowUpState } from '@dcap/core';

/** antd Tag colours of the follow-up states (spec 002 §4; core schedule/reminders.ts). */
export const FOLLOW_UP_COLOR: Record<FollowUpState, string> = { NOT_STARTED: 'default', IN_PROGRESS: 'processing', FINISHED: 'success' };

/** A visit's or subject's follow-up state: not started, in progress, finished. */
export function FollowUpTag({ state, testId }: { state: FollowUpState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={FOLLOW_UP_COLOR[state]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {t(`schedule.followUp.${state}`)}
    </Tag>
  );
}
