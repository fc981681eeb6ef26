import { Alert, App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { SiteMapping } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { FormModal } from '../../components/FormModal';
import { useConfirm } from '../../lib/confirm';
import { useSaveSiteMapping, useSiteMappingsQuery } from './api';

function KnownTag({ known }: { known: boolean | null }) {
  const { t } = useTranslation();
  if (known === null) return <Tag>{t('balance.siteMapping.unchecked')}</Tag>;
  return known ? <Tag color="green">{t('balance.siteMapping.known')}</Tag> : <Tag color="red">{t('balance.siteMapping.unknown')}</Tag>;
}

/** Sets one site's code; a code the service does not list is refused with its message, shown on the field. */
function MappingDialog({ mapping, onClose }: { mapping: SiteMapping; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remoteSite: string }>();
  const save = useSaveSiteMapping();
  const submit = ({ remoteSite }: { remoteSite: string }) =>
    save
      .mutateAsync({ siteId: mapping.siteId, remoteSite: remoteSite.trim() })
      .then(onClose)
      .catch((error: unknown) => form.setFields([{ name: 'remoteSite', errors: [error instanceof Error ? error.message : String(error)] }]));
  return (
    <FormModal open width={480} title={t('balance.siteMapping.editTitle', { site: `${mapping.siteCode} ${mapping.siteName}` })} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="site-mapping-save">
      <Form form={form} layout="vertical" initialValues={{ remoteSite: mapping.remoteSite ?? '' }} onFinish={(values) => void submit(values)}>
        <Form.Item name="remoteSite" label={t('balance.siteMapping.remoteSite')} rules={[{ required: true, whitespace: true, message: t('balance.siteMapping.required') }]}>
          <Input data-testid="site-mapping-input" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * Balance's site mapping (/balance/siteMapping; docs/decisions.md "Remote randomisation protocol"): each
 * project site with its code at the remote randomisation service, whether the service still knows it, and
 * setting or clearing it. The server's refusals (a code the service does not know, a service that does not
 * answer) are shown as it words them, in the caller's language.
 */
export function SiteMappingPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { project } = useProjectContext();
  const mappings = useSiteMappingsQuery(project?.id ?? null);
  const save = useSaveSiteMapping();
  const [editing, setEditing] = useState<SiteMapping | null>(null);
  const data = mappings.data;

  const clear = (mapping: SiteMapping) =>
    confirm({
      title: t('balance.siteMapping.clearConfirm', { site: mapping.siteCode }),
      onOk: () =>
        save
          .mutateAsync({ siteId: mapping.siteId, remoteSite: null })
          .then(() => undefined)
          .catch((error: unknown) => {
            void message.error(error instanceof Error ? error.message : String(error));
          }),
    });

  const columns: TableColumnsType<SiteMapping> = [
    { title: t('balance.fields.site'), key: 'site', render: (_value, row) => `${row.siteCode} ${i18n.language === 'en-US' ? (row.siteNameEn ?? row.siteName) : row.siteName}` },
    { title: t('balance.siteMapping.remoteSite'), dataIndex: 'remoteSite', render: (code: string | null, row) => <span data-testid={`site-mapping-code-${row.siteCode}`}>{code ?? '-'}</span> },
    { title: t('balance.siteMapping.atService'), key: 'known', render: (_value, row) => (row.remoteSite === null ? '-' : <KnownTag known={row.known} />) },
    { title: t('balance.siteMapping.updated'), key: 'updated', render: (_value, row) => (row.updatedAt ? `${row.updatedBy ?? '-'} · ${dayjs(row.updatedAt).format(DATE_TIME_FORMAT)}` : '-') },
    {
      title: t('balance.siteMapping.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`site-mapping-edit-${row.siteCode}`}>
            {t('common.edit')}
          </Button>
          {row.remoteSite !== null ? (
            <Button size="small" danger onClick={() => clear(row)} data-testid={`site-mapping-clear-${row.siteCode}`}>
              {t('balance.siteMapping.clear')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('balance.siteMapping.title')} data-testid="site-mapping-page">
      {mappings.isError ? <Alert type="warning" showIcon title={mappings.error.message} style={{ marginBottom: 16 }} /> : null}
      {data && !data.remoteRandomisation ? <Alert type="info" showIcon title={t('balance.siteMapping.notRemote')} style={{ marginBottom: 16 }} data-testid="site-mapping-not-remote" /> : null}
      {data?.remoteRandomisation && !data.serviceAnswered ? <Alert type="warning" showIcon title={t('balance.siteMapping.noAnswer')} style={{ marginBottom: 16 }} data-testid="site-mapping-no-answer" /> : null}
      <Table<SiteMapping> rowKey="siteId" size="middle" loading={mappings.isLoading} columns={columns} dataSource={data?.list ?? []} pagination={false} data-testid="site-mapping-table" />
      {editing ? <MappingDialog mapping={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
