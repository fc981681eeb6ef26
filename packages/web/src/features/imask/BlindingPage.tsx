import { Alert, App, Button, Card, Descriptions, Flex, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { Unblinding } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useAcknowledgeUnblinding, useBlindingStateQuery, useStudyUnblind, useUnblindingsQuery } from './api';
import { UnblindDialog } from './UnblindDialog';

const when = (at: string | null) => (at ? dayjs(at).format(DATE_TIME_FORMAT) : '-');

/**
 * iMask's landing (/imask/blindManage/blindRandomTableTest): the study's blinding, the emergency and
 * whole-study unblindings within the caller's sites, acknowledging an emergency unblinding (the managers), and
 * unblinding the whole study once the database is locked.
 */
export function BlindingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const state = useBlindingStateQuery(project?.id ?? null, currentEnv?.key ?? null);
  const unblindings = useUnblindingsQuery(project?.id ?? null, currentEnv?.key ?? null);
  const acknowledge = useAcknowledgeUnblinding();
  const studyUnblind = useStudyUnblind();
  const [unblinding, setUnblinding] = useState(false);
  const isManager = init.projectAbilities['blinding.study'] === true;
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  const columns: TableColumnsType<Unblinding> = [
    { title: t('imask.fields.kind'), dataIndex: 'kind', render: (kind: Unblinding['kind']) => <Tag color={kind === 'study' ? 'red' : 'orange'}>{t(`imask.kind.${kind}`)}</Tag> },
    { title: t('balance.fields.subject'), dataIndex: 'subject', render: (value: string | null) => value ?? '-' },
    { title: t('balance.fields.site'), dataIndex: 'site', render: (value: string | null) => value ?? '-' },
    { title: t('imask.unblind.reason'), dataIndex: 'reason' },
    { title: t('imask.fields.unblindedBy'), dataIndex: 'unblindedBy', render: (who: string | null, row) => `${who ?? '-'} · ${when(row.unblindedAt)}` },
    {
      title: t('imask.fields.acknowledged'),
      key: 'acknowledged',
      render: (_value, row) =>
        row.acknowledgedAt ? (
          `${row.acknowledgedBy ?? '-'} · ${when(row.acknowledgedAt)}`
        ) : row.kind === 'emergency' && isManager ? (
          <Button size="small" loading={acknowledge.isPending && acknowledge.variables === row.id} onClick={() => void acknowledge.mutateAsync(row.id).catch(() => undefined)} data-testid={`unblinding-ack-${String(row.id)}`}>
            {t('imask.acknowledge')}
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  const data = state.data;
  return (
    <Flex vertical gap={16} data-testid="blinding-page">
      <Card
        title={t('imask.title')}
        extra={
          isManager ? (
            <Tooltip title={data?.studyUnblindAllowed ? undefined : t('imask.studyUnblind.notAllowed')}>
              <Button danger disabled={!data?.studyUnblindAllowed} onClick={() => setUnblinding(true)} data-testid="study-unblind">
                {t('imask.studyUnblind.button')}
              </Button>
            </Tooltip>
          ) : null
        }
      >
        {state.isError ? <Alert type="warning" showIcon title={state.error.message} /> : null}
        {data ? (
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} data-testid="blinding-state">
            <Descriptions.Item label={t('imask.fields.blindMethod')}>{t(`projects.blindMethod.${data.blindMethod}`)}</Descriptions.Item>
            <Descriptions.Item label={t('imask.fields.studyUnblinded')}>{yesNo(data.studyUnblinded)}</Descriptions.Item>
            <Descriptions.Item label={t('imask.fields.armsVisible')}>
              <span data-testid="blinding-arms-visible">{yesNo(data.armsVisible)}</span>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card title={t('imask.unblindings')}>
        {unblindings.isError ? <Alert type="warning" showIcon title={unblindings.error.message} style={{ marginBottom: 16 }} /> : null}
        <Table<Unblinding> rowKey="id" size="middle" loading={unblindings.isLoading} columns={columns} dataSource={unblindings.data ?? []} pagination={false} locale={{ emptyText: t('imask.noUnblindings') }} data-testid="unblinding-list" />
      </Card>
      <UnblindDialog
        open={unblinding}
        title={t('imask.studyUnblind.title')}
        warning={t('imask.studyUnblind.warning')}
        confirmText={t('imask.studyUnblind.button')}
        loading={studyUnblind.isPending}
        onCancel={() => setUnblinding(false)}
        onSubmit={(body) =>
          studyUnblind.mutateAsync(body).then(() => {
            setUnblinding(false);
            void message.success(t('imask.studyUnblind.done'));
          })
        }
      />
    </Flex>
  );
}
