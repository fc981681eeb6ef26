import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { RandScheme, SchemeStatus } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useConfirm } from '../../lib/confirm';
import { useApproveScheme, useDeleteScheme, useSchemesQuery } from './api';
import { schemeIsSimulated, schemePath } from './paths';

export const SCHEME_STATUS_COLOR: Record<SchemeStatus, string> = { draft: 'processing', approved: 'success', retired: 'default' };

export function SchemeStatusTag({ status }: { status: SchemeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={SCHEME_STATUS_COLOR[status]} data-testid="scheme-status">
      {t(`balance.status.${status}`)}
    </Tag>
  );
}

/**
 * Balance's scheme list (/balance/schemes): every scheme of the project with its method, status, version,
 * allocations and approval. Designing, deleting a draft and approving need the design right; the server
 * checks each call again.
 */
export function SchemeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const schemes = useSchemesQuery(project?.id ?? null, currentEnv?.key ?? null);
  const remove = useDeleteScheme();
  const approve = useApproveScheme();
  const confirm = useConfirm();
  const canDesign = init.projectAbilities['randomisation.design'] === true;

  const columns: TableColumnsType<RandScheme> = [
    {
      title: t('balance.fields.schemeName'),
      dataIndex: 'name',
      render: (name: string, scheme) => (
        <Link to={schemePath(scheme.id)} data-testid={`scheme-open-${String(scheme.id)}`}>
          {name}
        </Link>
      ),
    },
    { title: t('balance.fields.method'), dataIndex: 'method', render: (method: string) => t(`balance.method.${method}`) },
    { title: t('balance.fields.status'), dataIndex: 'status', render: (status: SchemeStatus) => <SchemeStatusTag status={status} /> },
    { title: t('balance.fields.version'), dataIndex: 'version' },
    { title: t('balance.fields.allocations'), dataIndex: 'allocations' },
    { title: t('balance.fields.approvedBy'), dataIndex: 'approvedBy', render: (who: string | null) => who ?? '-' },
    { title: t('balance.fields.approvedAt'), dataIndex: 'approvedAt', render: (at: string | null) => (at ? dayjs(at).format(DATE_TIME_FORMAT) : '-') },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_value, scheme) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => void navigate(schemePath(scheme.id))}>
            {canDesign && scheme.status === 'draft' ? t('common.edit') : t('balance.list.view')}
          </Button>
          {canDesign && scheme.status === 'draft' ? (
            <>
              <Button
                size="small"
                type="link"
                disabled={!schemeIsSimulated(scheme)}
                title={schemeIsSimulated(scheme) ? undefined : t('balance.designer.approveNeedsSimulation')}
                onClick={() =>
                  confirm({ title: t('balance.designer.approveConfirm', { name: scheme.name }), onOk: () => approve.mutateAsync({ id: scheme.id, version: scheme.version }) })
                }
                data-testid={`scheme-approve-${String(scheme.id)}`}
              >
                {t('balance.designer.approve')}
              </Button>
              <Button
                size="small"
                type="link"
                danger
                onClick={() => confirm({ title: t('balance.list.deleteConfirm', { name: scheme.name }), danger: true, onOk: () => remove.mutateAsync(scheme.id) })}
                data-testid={`scheme-delete-${String(scheme.id)}`}
              >
                {t('common.delete')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('balance.list.title')}
      extra={
        canDesign ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(schemePath('new'))} data-testid="scheme-new">
            {t('balance.list.new')}
          </Button>
        ) : null
      }
      data-testid="scheme-list"
    >
      {schemes.isError ? <Alert type="warning" showIcon title={schemes.error.message} style={{ marginBottom: 16 }} /> : null}
      {schemes.data?.some((scheme) => scheme.blinded) ? (
        <Typography.Paragraph type="secondary" data-testid="scheme-list-blinded">
          {t('balance.blinded.notice')}
        </Typography.Paragraph>
      ) : null}
      <Table<RandScheme> rowKey="id" size="middle" loading={schemes.isLoading} columns={columns} dataSource={schemes.data ?? []} pagination={false} locale={{ emptyText: t('balance.list.empty') }} />
    </Card>
  );
}
