import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SysStandardField } from '@dcap/core';
import { useDeleteStandardFieldMutation, useStandardDomainsQuery, useStandardFieldListQuery } from '../../api/library';
import { isLibraryWidgetType } from './libraryWidgets';
import { StandardDomainsModal } from './StandardDomainsModal';
import { StandardFieldFormModal } from './StandardFieldFormModal';
import { useDeleteConfirm } from './useDeleteConfirm';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; field: SysStandardField };

/**
 * The standard variable library (spec 000 §2.2 /sys/standardField): variables by domain, searched by name or
 * label, created, edited and deleted; the domains themselves are managed in a dialog.
 */
export function StandardFieldsPage() {
  const { t, i18n } = useTranslation();
  const [domain, setDomain] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [domainsOpen, setDomainsOpen] = useState(false);
  const domains = useStandardDomainsQuery();
  const list = useStandardFieldListQuery(domain, keyword);
  const remove = useDeleteStandardFieldMutation();
  const confirmDelete = useDeleteConfirm();
  const english = i18n.language === 'en-US';

  const columns: TableColumnsType<SysStandardField> = [
    { key: 'domain', dataIndex: 'domain', title: t('library.fields.domain'), width: 80, render: (value: string) => <Tag>{value}</Tag> },
    { key: 'fieldName', dataIndex: 'fieldName', title: t('library.fields.fieldName') },
    { key: 'fieldLabel', dataIndex: 'fieldLabel', title: t('library.fields.fieldLabel') },
    { key: 'fieldLabelEn', dataIndex: 'fieldLabelEn', title: t('library.fields.fieldLabelEn') },
    {
      key: 'type',
      title: t('library.fields.widgetType'),
      render: (_v, field) => (isLibraryWidgetType(field.widget.type) ? t(`library.widgetTypes.${field.widget.type}`) : field.widget.type),
    },
    {
      key: 'instruction',
      title: t('library.fields.instruction'),
      render: (_v, field) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ maxWidth: 280 }}>
          {(english ? field.instructionEn : field.instruction) || '-'}
        </Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, field) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', field })} data-testid={`field-edit-${field.fieldName}`}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(field.fieldName, () => remove.mutateAsync(field.id))} data-testid={`field-delete-${field.fieldName}`}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('library.fields.title')}
      extra={
        <Flex gap={8} wrap>
          <Select
            value={domain}
            onChange={setDomain}
            style={{ width: 200 }}
            options={[
              { value: '', label: t('library.common.allDomains') },
              ...(domains.data ?? []).map((entry) => ({ value: entry.domain, label: `${entry.domain} ${english ? entry.descriptionEn : entry.description} (${String(entry.count)})` })),
            ]}
            data-testid="field-domain-filter"
          />
          <Input.Search allowClear placeholder={t('library.common.search')} onSearch={setKeyword} style={{ width: 220 }} data-testid="field-search" />
          <Button onClick={() => setDomainsOpen(true)} data-testid="field-domains">
            {t('library.domains.manage')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="field-create">
            {t('library.fields.create')}
          </Button>
        </Flex>
      }
    >
      <Table<SysStandardField> rowKey="id" loading={list.isLoading} columns={columns} dataSource={list.data ?? []} pagination={{ pageSize: 20 }} data-testid="field-table" />
      <StandardFieldFormModal open={editor.mode !== 'closed'} field={editor.mode === 'edit' ? editor.field : null} defaultDomain={domain} onClose={() => setEditor({ mode: 'closed' })} />
      <StandardDomainsModal open={domainsOpen} onClose={() => setDomainsOpen(false)} />
    </Card>
  );
}
