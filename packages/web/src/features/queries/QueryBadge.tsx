import { QuestionCircleFilled } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The unclosed-query marker of a field or panel (spec 002 §4: OPEN and ANSWERED queries show in the status icon); nothing at zero. */
export function QueryBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Tooltip title={t('queries.badge', { count })}>
      <Badge count={count} size="small" offset={[2, -2]} color="#fa8c16" data-testid="query-badge">
        <QuestionCircleFilled style={{ color: '#fa8c16' }} aria-label={t('queries.badge', { count })} />
      </Badge>
    </Tooltip>
  );
}
