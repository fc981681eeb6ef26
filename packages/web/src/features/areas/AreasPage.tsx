import { CloudDownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Space, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area, AreaNode } from '@dcap/core';
import { buildAreaTree } from '@dcap/core';
import { useAreaListQuery, useDeleteAreaMutation, useLoadStandardAreasMutation } from '../../api/areas';
import { useConfirm } from '../../lib/confirm';
import type { AreaEditor } from './AreaFormModal';
import { AreaFormModal } from './AreaFormModal';
import { ImportAreasModal } from './ImportAreasModal';

const LEVEL_KEYS: Record<number, string> = { 1: 'areas.levels.1', 2: 'areas.levels.2', 3: 'areas.levels.3', 4: 'areas.levels.4' };
const MAX_LEVEL = 4;

/**
 * The area dictionary of platform administration (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"): a
 * tree table with add child, edit and delete per area, a sheet import and the standard list of China's
 * provinces.
 */
export function AreasPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useAreaListQuery();
  const remove = useDeleteAreaMutation();
  const standard = useLoadStandardAreasMutation();
  const [editor, setEditor] = useState<AreaEditor>({ mode: 'closed' });
  const [importing, setImporting] = useState(false);
  // The top level starts expanded; after that the user's choice holds.
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const areas = useMemo(() => list.data?.areas ?? [], [list.data]);
  const tree = useMemo(() => buildAreaTree(areas), [areas]);
  const childCount = useMemo(() => {
    const counts = new Map<number, number>();
    for (const area of areas) if (area.parentId !== null) counts.set(area.parentId, (counts.get(area.parentId) ?? 0) + 1);
    return counts;
  }, [areas]);

  const askDelete = (area: Area) =>
    confirm({
      title: t('areas.confirm.deleteTitle'),
      content: t('areas.confirm.deleteContent', { name: area.name, code: area.code }),
      danger: true,
      onOk: () => remove.mutateAsync(area.id),
    });
  const askStandard = () =>
    confirm({
      title: t('areas.confirm.standardTitle'),
      content: t('areas.confirm.standardContent'),
      onOk: async () => {
        const result = await standard.mutateAsync();
        void message.success(t('areas.standardDone', result));
      },
    });

  const columns: TableColumnsType<AreaNode<Area>> = [
    { key: 'name', title: t('areas.fields.name'), dataIndex: 'name', render: (name: string, area) => <span data-testid={`area-name-${area.code}`}>{name}</span> },
    { key: 'nameEn', title: t('areas.fields.nameEn'), dataIndex: 'nameEn' },
    { key: 'code', title: t('areas.fields.code'), dataIndex: 'code' },
    { key: 'level', title: t('areas.fields.level'), render: (_v, area) => t(LEVEL_KEYS[area.level] ?? 'areas.levels.4') },
    {
      key: 'point',
      title: t('areas.fields.point'),
      render: (_v, area) => (area.longitude === null || area.latitude === null ? '-' : `${area.longitude.toFixed(2)}, ${area.latitude.toFixed(2)}`),
    },
    { key: 'sort', title: t('areas.fields.sort'), dataIndex: 'sort', width: 70 },
    { key: 'units', title: t('areas.fields.units'), dataIndex: 'unitCount', width: 90 },
    {
      key: 'enabled',
      title: t('areas.fields.enabled'),
      render: (_v, area) => <Tag color={area.enabled ? 'success' : 'default'}>{area.enabled ? t('areas.status.enabled') : t('areas.status.disabled')}</Tag>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, area) => {
        const blocked = (childCount.get(area.id) ?? 0) > 0 ? t('areas.deleteBlocked.children') : area.unitCount > 0 ? t('areas.deleteBlocked.units') : null;
        return (
          <Space size={0}>
            <Button type="link" size="small" disabled={area.level >= MAX_LEVEL} onClick={() => setEditor({ mode: 'create', parent: area })} data-testid={`area-add-child-${area.code}`}>
              {t('areas.actions.addChild')}
            </Button>
            <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', area })} data-testid={`area-edit-${area.code}`}>
              {t('areas.actions.edit')}
            </Button>
            <Tooltip title={blocked}>
              <Button type="link" size="small" danger disabled={blocked !== null} onClick={() => askDelete(area)} data-testid={`area-delete-${area.code}`}>
                {t('areas.actions.delete')}
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={t('areas.title')}
      extra={
        <Flex gap={8} wrap>
          <Button icon={<CloudDownloadOutlined />} loading={standard.isPending} onClick={askStandard} data-testid="area-load-standard">
            {t('areas.actions.loadStandard')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="area-import">
            {t('areas.actions.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create', parent: null })} data-testid="area-create">
            {t('areas.actions.create')}
          </Button>
        </Flex>
      }
    >
      <Table<AreaNode<Area>>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        expandable={{ expandedRowKeys: expanded ?? tree.map((root) => root.id), onExpandedRowsChange: (keys) => setExpanded(keys) }}
        locale={{ emptyText: <Empty description={t('areas.empty')} /> }}
        data-testid="area-table"
      />
      {editor.mode === 'closed' ? null : <AreaFormModal editor={editor} areas={areas} onClose={() => setEditor({ mode: 'closed' })} />}
      <ImportAreasModal open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
