import { ProjectOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Empty, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { currentLocale } from '../../i18n';
import { displayName } from '../../lib/displayName';
import { greetingForHour } from './greeting';

/**
 * The landing page after sign-in (spec 000 §2.2). Projects do not exist in the platform yet, so the page
 * says so plainly instead of showing sample figures.
 */
export function DataDisplayPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAppInit();
  const now = dayjs();
  const name = displayName(user, currentLocale(i18n));

  return (
    <Flex vertical gap={24}>
      <Card data-testid="welcome-card">
        <Flex align="center" gap={20} wrap>
          <Avatar size={64} icon={<UserOutlined />} style={{ backgroundColor: '#1890FF' }} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="greeting">
              {t('dashboard.greeting', { greeting: t(`greeting.${greetingForHour(now.hour())}`), name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('dashboard.welcome', { system: t('app.name') })}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            {t('dashboard.now', { time: now.format(DATE_TIME_FORMAT) })}
          </Typography.Text>
        </Flex>
      </Card>
      <Card
        title={
          <Flex gap={8} align="center">
            <ProjectOutlined />
            {t('dashboard.myProjects')}
          </Flex>
        }
      >
        <Empty
          data-testid="no-projects"
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('dashboard.noProjects')}</Typography.Text>
              <Typography.Text type="secondary">{t('dashboard.noProjectsHint')}</Typography.Text>
            </Flex>
          }
        />
      </Card>
    </Flex>
  );
}
