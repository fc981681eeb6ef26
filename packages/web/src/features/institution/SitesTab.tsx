import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '@dcap/core';
import { useSiteListQuery } from '../../api/sites';
import { SITE_STATUS_LABEL_KEYS } from '../../lib/projectLabels';
import { SiteFormModal } from './SiteFormModal';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; site: Site };

/** The project's sites within the caller's scope; managed while the configuration may be edited. */
export function SitesTab({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const list = useSiteListQuery(projectId);
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });

  const columns: TableColumnsType<Site> = [
    { key: 'code', dataIndex: 'code', title: t('sites.fields.code') },
    { key: 'name', dataIndex: 'name', title: t('sites.fields.name') },
    { key: 'eName', dataIndex: 'eName', title: t('sites.fields.eName'), render: (value: string | null) => value ?? '-' },
    { key: 'unit', dataIndex: 'unitName', title: t('sites.fields.unit') },
    { key: 'pi', dataIndex: 'piName', title: t('sites.fields.piName'), render: (value: string | null) => value ?? '-' },
    {
      key: 'status',
      title: t('sites.fields.status'),
      render: (_v, site) => <Tag color={site.status === 'active' ? 'success' : 'default'}>{t(SITE_STATUS_LABEL_KEYS[site.status])}</Tag>,
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_v: unknown, site: Site) => (
              <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', site })} data-testid={`site-edit-${site.code}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      {canManage ? (
        <Flex justify="end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="site-create">
            {t('sites.actions.create')}
          </Button>
        </Flex>
      ) : (
        <Alert type="info" showIcon title={t('sites.readOnly')} />
      )}
      <Table<Site> rowKey="id" loading={list.isLoading} columns={columns} dataSource={list.data ?? []} pagination={false} data-testid="site-table" />
      <SiteFormModal
        open={editor.mode !== 'closed'}
        projectId={projectId}
        site={editor.mode === 'edit' ? editor.site : null}
        onClose={() => setEditor({ mode: 'closed' })}
      />
    </Flex>
  );
}
