import { Alert, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DefaultLabelWarning as Warning } from '@dcap/core';

const KIND_KEYS: Record<Warning['kind'], string> = {
  field: 'design.publish.defaultLabels.field',
  option: 'design.publish.defaultLabels.option',
  column: 'design.publish.defaultLabels.column',
};

/**
 * Labels the design would publish as the designer's defaults (选项1, Column 1 …), listed with their form and
 * field so the designer can fix them first; publishing still goes ahead when confirmed.
 */
export function DefaultLabelWarning({ labels }: { labels: readonly Warning[] }) {
  const { t } = useTranslation();
  if (labels.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="publish-default-labels"
      title={t('design.publish.defaultLabels.title', { count: labels.length })}
      description={
        <List
          size="small"
          style={{ maxHeight: 200, overflowY: 'auto' }}
          dataSource={[...labels]}
          renderItem={(entry) => (
            <List.Item key={`${entry.instrument}:${entry.path}`} data-testid="publish-default-label">
              <Typography.Text>
                <Tag>{entry.instrument}</Tag>
                {entry.instrumentName} · {entry.widgetKey} · {t(KIND_KEYS[entry.kind])}: <Typography.Text code>{entry.label}</Typography.Text>
              </Typography.Text>
            </List.Item>
          )}
        />
      }
    />
  );
}
