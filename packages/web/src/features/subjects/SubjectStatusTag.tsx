import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubjectStatus } from '@dcap/core';

/** antd Tag colours of the subject statuses (spec 002 §4). */
export const SUBJECT_STATUS_COLOR: Record<SubjectStatus, string> = {
  RECORD_STATUS_PRESCREEN: 'cyan',
  RECORD_STATUS_SCREENING: 'processing',
  SCREEN_SUCCESS: 'green',
  SCREEN_FAILURE: 'volcano',
  ARMED: 'blue',
  TESTING: 'geekblue',
  TEST_FIX: 'success',
  TEST_EXIT: 'default',
  DEL: 'default',
};

export function SubjectStatusTag({ status }: { status: SubjectStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={SUBJECT_STATUS_COLOR[status]} data-testid={`subject-status-${status}`}>
      {t(`subjects.status.${status}`)}
    </Tag>
  );
}

/** The page of one subject (spec 002 §2 "subject information"). */
export const subjectPath = (subjectId: number) => `/survey/subject/${String(subjectId)}`;
