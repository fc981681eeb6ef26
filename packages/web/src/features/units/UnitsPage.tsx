import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '@dcap/core';
import { useUnitListQuery, useUpdateUnitMutation } from '../../api/units';
import { useAppInit } from '../../app/initContext';
import type { UnitStatus } from '../../api/units';
import { useConfirm } from '../../lib/confirm';
import { UnitFormModal } from './UnitFormModal';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; unit: Unit };

export const UNIT_STATUS_LABEL_KEYS: Record<UnitStatus, string> = { active: 'units.status.active', disabled: 'units.status.disabled' };

/**
 * Platform hospitals (spec 000 §2.2 `/sys/unit/unit`): list, search, create, edit, disable. Every signed-in
 * user may read them (the entry can be always shown, docs/decisions.md "Menu settings"); the edits are for
 * holders of unit.manage.
 */
export function UnitsPage() {
  const { t, i18n } = useTranslation();
  const manage = useAppInit().abilities.manageUnits;
  const confirm = useConfirm();
  const [keyword, setKeyword] = useState('');
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const list = useUnitListQuery(keyword);
  const update = useUpdateUnitMutation();

  const toggle = (unit: Unit) => {
    const status: UnitStatus = unit.status === 'active' ? 'disabled' : 'active';
    confirm({
      title: status === 'disabled' ? t('units.confirm.disableTitle') : t('units.confirm.enableTitle'),
      content: status === 'disabled' ? t('units.confirm.disableContent', { name: unit.name }) : unit.name,
      danger: status === 'disabled',
      onOk: () =>
        update.mutateAsync({
          id: unit.id,
          code: unit.code,
          name: unit.name,
          eName: unit.eName,
          province: unit.province,
          city: unit.city,
          address: unit.address,
          status,
        }),
    });
  };

  const columns: TableColumnsType<Unit> = [
    { key: 'code', dataIndex: 'code', title: t('units.fields.code') },
    { key: 'name', dataIndex: 'name', title: t('units.fields.name') },
    { key: 'eName', dataIndex: 'eName', title: t('units.fields.eName'), render: (value: string | null) => value ?? '-' },
    {
      key: 'area',
      title: t('units.fields.area'),
      render: (_v, unit) => (unit.areaId === null ? '-' : (i18n.language === 'en-US' ? unit.areaNameEn : unit.areaName) ?? '-'),
    },
    {
      key: 'place',
      title: t('units.fields.place'),
      render: (_v, unit) => [unit.province, unit.city, unit.address].filter(Boolean).join(' ') || '-',
    },
    {
      key: 'status',
      title: t('units.fields.status'),
      render: (_v, unit) => <Tag color={unit.status === 'active' ? 'success' : 'default'}>{t(UNIT_STATUS_LABEL_KEYS[unit.status])}</Tag>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, unit) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', unit })} data-testid={`unit-edit-${unit.code}`}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger={unit.status === 'active'} onClick={() => toggle(unit)} data-testid={`unit-toggle-${unit.code}`}>
            {unit.status === 'active' ? t('units.actions.disable') : t('units.actions.enable')}
          </Button>
        </Space>
      ),
    },
  ];
  const shown = manage ? columns : columns.filter((column) => column.key !== 'actions');

  return (
    <Card
      title={t('units.title')}
      extra={
        <Flex gap={8}>
          <Input.Search allowClear placeholder={t('units.search')} onSearch={setKeyword} style={{ width: 240 }} data-testid="unit-search" />
          {manage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="unit-create">
              {t('units.actions.create')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Table<Unit> rowKey="id" loading={list.isLoading} columns={shown} dataSource={list.data ?? []} pagination={{ pageSize: 20 }} data-testid="unit-table" />
      <UnitFormModal open={editor.mode !== 'closed'} unit={editor.mode === 'edit' ? editor.unit : null} onClose={() => setEditor({ mode: 'closed' })} />
    </Card>
  );
}
