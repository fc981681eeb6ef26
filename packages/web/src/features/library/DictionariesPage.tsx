import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SysDict } from '@dcap/core';
import { useDeleteDictMutation, useDictListQuery } from '../../api/library';
import { DictFormModal } from './DictFormModal';
import { useDeleteConfirm } from './useDeleteConfirm';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; dict: SysDict };

/** Platform dictionaries (spec 000 §2.2 /sys/dict): list, search, create, edit, delete. */
export function DictionariesPage() {
  const { t, i18n } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const list = useDictListQuery(keyword);
  const remove = useDeleteDictMutation();
  const confirmDelete = useDeleteConfirm();
  const english = i18n.language === 'en-US';

  const columns: TableColumnsType<SysDict> = [
    { key: 'key', dataIndex: 'key', title: t('library.dicts.key') },
    { key: 'value', dataIndex: 'value', title: t('library.dicts.value') },
    { key: 'valueEn', dataIndex: 'valueEn', title: t('library.dicts.valueEn'), render: (value: string) => value || '-' },
    {
      key: 'items',
      title: t('library.dicts.items'),
      render: (_v, dict) => (
        <Flex wrap gap={4}>
          {dict.items.map((item) => (
            <Tag key={item.value}>{`${item.value} ${english ? (item.labelEn ?? item.label) : item.label}`}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, dict) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', dict })} data-testid={`dict-edit-${dict.key}`}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(dict.key, () => remove.mutateAsync(dict.id))} data-testid={`dict-delete-${dict.key}`}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('library.dicts.title')}
      extra={
        <Flex gap={8}>
          <Input.Search allowClear placeholder={t('library.common.search')} onSearch={setKeyword} style={{ width: 240 }} data-testid="dict-search" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="dict-create">
            {t('library.dicts.create')}
          </Button>
        </Flex>
      }
    >
      <Table<SysDict> rowKey="id" loading={list.isLoading} columns={columns} dataSource={list.data ?? []} pagination={{ pageSize: 20 }} data-testid="dict-table" />
      <DictFormModal open={editor.mode !== 'closed'} target={{ scope: 'platform', dict: editor.mode === 'edit' ? editor.dict : null }} onClose={() => setEditor({ mode: 'closed' })} />
    </Card>
  );
}
