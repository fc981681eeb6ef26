import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueryStatus } from '@dcap/core';

const COLORS: Record<QueryStatus, string> = { OPEN: 'orange', ANSWERED: 'blue', CLOSED: 'green', AUTO_CLOSED: 'cyan', CANCELED: 'default' };

/** A query's status as its management label (spec 002 §4: pending reply, replied, closed, auto-closed, canceled). */
export function QueryStatusTag({ status }: { status: QueryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`query-status-${status}`}>
      {t(`queries.status.${status}`)}
    </Tag>
  );
}
