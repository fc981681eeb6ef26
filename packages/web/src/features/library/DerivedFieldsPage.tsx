import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DERIVED_FIELD_GROUPS } from '@dcap/core';
import type { DerivedFieldGroup, SysDerivedField } from '@dcap/core';
import { useDeleteDerivedFieldMutation, useDerivedFieldListQuery } from '../../api/library';
import { DerivedFieldFormModal } from './DerivedFieldFormModal';
import { useDeleteConfirm } from './useDeleteConfirm';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; field: SysDerivedField };

/**
 * The derived-field library in its three groups (spec 001 §2.2, §3.8): searched over label, name, formula
 * and description, created, edited and deleted.
 */
export function DerivedFieldsPage() {
  const { t, i18n } = useTranslation();
  const [group, setGroup] = useState<DerivedFieldGroup | ''>('');
  const [keyword, setKeyword] = useState('');
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const list = useDerivedFieldListQuery(group, keyword);
  const remove = useDeleteDerivedFieldMutation();
  const confirmDelete = useDeleteConfirm();
  const english = i18n.language === 'en-US';

  const columns: TableColumnsType<SysDerivedField> = [
    { key: 'group', title: t('library.derived.group'), render: (_v, field) => <Tag>{t(`library.derived.groups.${field.group}`)}</Tag> },
    { key: 'fieldName', dataIndex: 'fieldName', title: t('library.derived.fieldName') },
    { key: 'label', title: t('library.derived.fieldLabel'), render: (_v, field) => (english ? field.fieldLabelEn : field.fieldLabel) },
    { key: 'expression', title: t('library.derived.expression'), render: (_v, field) => <Typography.Text code>{field.expression}</Typography.Text> },
    {
      key: 'description',
      title: t('library.derived.description'),
      render: (_v, field) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ maxWidth: 260 }}>
          {(english ? field.descriptionEn : field.description) || '-'}
        </Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, field) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', field })} data-testid={`derived-edit-${field.fieldName}`}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(field.fieldName, () => remove.mutateAsync(field.id))} data-testid={`derived-delete-${field.fieldName}`}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('library.derived.title')}
      extra={
        <Flex gap={8} wrap>
          <Select
            value={group}
            onChange={setGroup}
            style={{ width: 160 }}
            options={[{ value: '', label: t('library.common.allGroups') }, ...DERIVED_FIELD_GROUPS.map((value) => ({ value, label: t(`library.derived.groups.${value}`) }))]}
            data-testid="derived-group-filter"
          />
          <Input.Search allowClear placeholder={t('library.common.search')} onSearch={setKeyword} style={{ width: 220 }} data-testid="derived-search" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="derived-create">
            {t('library.derived.create')}
          </Button>
        </Flex>
      }
    >
      <Table<SysDerivedField> rowKey="id" loading={list.isLoading} columns={columns} dataSource={list.data ?? []} pagination={{ pageSize: 20 }} data-testid="derived-table" />
      <DerivedFieldFormModal open={editor.mode !== 'closed'} field={editor.mode === 'edit' ? editor.field : null} onClose={() => setEditor({ mode: 'closed' })} />
    </Card>
  );
}
