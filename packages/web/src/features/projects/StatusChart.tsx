import { Card, Empty, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES } from '@dcap/core';
import type { Project, ProjectStatus } from '@dcap/core';
import { CHART_COLORS } from '../../lib/chartColors';
import { PROJECT_STATUS_LABEL_KEYS } from '../../lib/projectLabels';

export function statusCounts(projects: readonly Pick<Project, 'status'>[]): { status: ProjectStatus; count: number }[] {
  return PROJECT_STATUSES.map((status) => ({ status, count: projects.filter((project) => project.status === status).length })).filter(
    (entry) => entry.count > 0,
  );
}

/** How the listed projects spread over the statuses: one bar per status present, longest for the most. */
export function StatusChart({ projects }: { projects: readonly Pick<Project, 'status'>[] }) {
  const { t } = useTranslation();
  const counts = statusCounts(projects);
  const max = Math.max(1, ...counts.map((entry) => entry.count));
  return (
    <Card size="small" title={t('projects.chart.title')} data-testid="project-status-chart">
      {counts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.chart.empty')} />
      ) : (
        <Flex vertical gap={8}>
          {counts.map(({ status, count }) => (
            <div key={status} data-testid={`chart-bar-${status}`} data-count={count}>
              <Flex justify="space-between">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(PROJECT_STATUS_LABEL_KEYS[status])}
                </Typography.Text>
                <Typography.Text strong style={{ fontSize: 12 }}>
                  {count}
                </Typography.Text>
              </Flex>
              <Progress
                percent={(count / max) * 100}
                showInfo={false}
                size="small"
                strokeColor={CHART_COLORS[PROJECT_STATUSES.indexOf(status) % CHART_COLORS.length]}
              />
            </div>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('projects.chart.total', { count: projects.length })}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
