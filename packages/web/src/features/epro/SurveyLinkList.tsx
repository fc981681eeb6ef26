import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { SurveyLink } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useRevokeSurveyLink, useSurveyLinks } from './api';

const SEND_COLORS: Record<SurveyLink['sendState'], string> = { none: 'default', pending: 'processing', sent: 'green', failed: 'red' };
const VALIDITY_COLORS: Record<SurveyLink['validity'], string> = { valid: 'green', expired: 'default', revoked: 'default', entered: 'blue' };

const time = (value: string | null) => (value ? dayjs(value).format(DATE_TIME_FORMAT) : '—');

/**
 * A subject's questionnaire links with the three states of spec 002 §4 (sending, entry, validity), who made
 * them and when they were submitted; the panels open for review. `panelInstanceId` shows one panel's only.
 */
export function SurveyLinkList({ subjectId, panelInstanceId, canEnter }: { subjectId: number; panelInstanceId?: number; canEnter: boolean }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const query = useSurveyLinks(subjectId);
  const revoke = useRevokeSurveyLink(subjectId);
  const links = (query.data?.links ?? []).filter((link) => panelInstanceId === undefined || link.panels.some((panel) => panel.panelInstanceId === panelInstanceId));
  const columns: TableColumnsType<SurveyLink> = [
    { key: 'visit', title: t('questionnaire.columns.visit'), width: 110, render: (_, link) => (english ? (link.eventNameEn ?? link.eventName) : link.eventName) },
    {
      key: 'panels',
      title: t('questionnaire.columns.panels'),
      width: 180,
      render: (_, link) => (
        <Space size={4} wrap>
          {link.panels.map((panel) => (
            <Link key={panel.panelInstanceId} to={`/survey/subject/${String(subjectId)}/panel/${String(panel.panelInstanceId)}`}>
              {english ? (panel.nameEn ?? panel.name) : panel.name}
            </Link>
          ))}
        </Space>
      ),
    },
    { key: 'language', title: t('questionnaire.columns.language'), width: 80, render: (_, link) => t(`questionnaire.language.${link.language}`) },
    {
      key: 'send',
      title: t('questionnaire.columns.send'),
      width: 110,
      render: (_, link) => (
        <Tag color={SEND_COLORS[link.sendState]} data-testid="survey-send-state">
          {t(`questionnaire.send.${link.sendState}`)}
          {link.sentVia ? ` · ${t(`questionnaire.via.${link.sentVia}`)}` : ''}
        </Tag>
      ),
    },
    {
      key: 'entry',
      title: t('questionnaire.columns.entry'),
      width: 90,
      render: (_, link) => (
        <Tag color={link.enteredAt ? 'blue' : 'default'} data-testid="survey-entry-state">
          {t(link.enteredAt ? 'questionnaire.entry.entered' : 'questionnaire.entry.notEntered')}
        </Tag>
      ),
    },
    {
      key: 'validity',
      title: t('questionnaire.columns.validity'),
      width: 120,
      render: (_, link) => (
        <Tag color={VALIDITY_COLORS[link.validity]} data-testid="survey-validity">
          {t(`questionnaire.validity.${link.validity}`)}
        </Tag>
      ),
    },
    { key: 'enteredAt', title: t('questionnaire.columns.enteredAt'), width: 150, render: (_, link) => time(link.enteredAt) },
    { key: 'createdBy', title: t('questionnaire.columns.createdBy'), width: 110, render: (_, link) => link.createdBy ?? '—' },
    { key: 'createdAt', title: t('questionnaire.columns.createdAt'), width: 150, render: (_, link) => time(link.createdAt) },
    { key: 'expiresAt', title: t('questionnaire.columns.expiresAt'), width: 150, render: (_, link) => time(link.expiresAt) },
    {
      key: 'actions',
      title: t('questionnaire.columns.actions'),
      width: 90,
      render: (_, link) =>
        canEnter && link.validity === 'valid' ? (
          <Popconfirm title={t('questionnaire.revokeConfirm')} onConfirm={() => revoke.mutate(link.id)}>
            <Button size="small" danger data-testid="survey-revoke">
              {t('questionnaire.revoke')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Table<SurveyLink>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={links}
      columns={columns}
      pagination={false}
      scroll={{ x: 1200 }}
      locale={{ emptyText: <Typography.Text type="secondary">{t('questionnaire.empty')}</Typography.Text> }}
      data-testid="survey-links"
    />
  );
}
