import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SysTemplate } from '@dcap/core';
import { useDeleteTemplateMutation, useTemplateListQuery } from '../../api/library';
import { TemplateFormModal } from './TemplateFormModal';
import { useDeleteConfirm } from './useDeleteConfirm';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: number };

/** The panel template library (spec 000 §2.2 /sys/standardInstrument): list, search, create, edit, delete. */
export function StandardInstrumentsPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const list = useTemplateListQuery(keyword);
  const remove = useDeleteTemplateMutation();
  const confirmDelete = useDeleteConfirm();

  const columns: TableColumnsType<SysTemplate> = [
    { key: 'nameAbbr', dataIndex: 'nameAbbr', title: t('library.templates.nameAbbr'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('library.templates.name') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('library.templates.nameEn') },
    { key: 'fieldCount', dataIndex: 'fieldCount', title: t('library.templates.fieldCount'), width: 100 },
    { key: 'description', dataIndex: 'description', title: t('library.templates.description'), render: (value: string) => value || '-' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, template) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', id: template.id })} data-testid={`template-edit-${template.nameAbbr}`}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(template.name, () => remove.mutateAsync(template.id))} data-testid={`template-delete-${template.nameAbbr}`}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('library.templates.title')}
      extra={
        <Flex gap={8}>
          <Input.Search allowClear placeholder={t('library.common.search')} onSearch={setKeyword} style={{ width: 240 }} data-testid="template-search" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="template-create">
            {t('library.templates.create')}
          </Button>
        </Flex>
      }
    >
      <Table<SysTemplate> rowKey="id" loading={list.isLoading} columns={columns} dataSource={list.data ?? []} pagination={{ pageSize: 20 }} data-testid="template-table" />
      <TemplateFormModal open={editor.mode !== 'closed'} templateId={editor.mode === 'edit' ? editor.id : null} onClose={() => setEditor({ mode: 'closed' })} />
    </Card>
  );
}
