import { PlusOutlined } from '@ant-design/icons';
import { Flex, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventHasSchedule } from '@dcap/core';
import type { DesignEvent } from '@dcap/core';
import { useDeleteEventMutation, useEventListQuery, useSortEventsMutation } from '../../api/events';
import { settle, useConfirm } from '../../lib/confirm';
import { OrderControls } from './OrderControls';
import { SortableTable } from './SortableRows';
import { DesignButton } from './DesignButton';
import type { DesignEditability } from './editability';
import { EventFormModal } from './EventFormModal';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABEL_KEYS, moveId } from './labels';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; event: DesignEvent };

/** The visit schedule: type, planned day, window and whether a visit repeats, in visit order. */
export function EventsTab({ projectId, lock }: { projectId: number; lock: DesignEditability }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useEventListQuery(projectId);
  const sort = useSortEventsMutation();
  const remove = useDeleteEventMutation();
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const events = list.data ?? [];

  const move = (index: number, delta: -1 | 1) => void settle(() => sort.mutateAsync({ projectId, ids: moveId(events.map((event) => event.id), index, delta) }));

  const removeEvent = (event: DesignEvent) =>
    confirm({
      title: t('design.events.confirm.deleteTitle', { name: event.name }),
      content: t('design.events.confirm.deleteContent'),
      okText: t('common.delete'),
      danger: true,
      onOk: () => remove.mutateAsync({ projectId, id: event.id }),
    });

  const columns: TableColumnsType<DesignEvent> = [
    {
      key: 'order',
      title: t('design.common.order'),
      width: 120,
      render: (_v, event, index) => (
        <OrderControls lock={lock} index={index} count={events.length} busy={sort.isPending} onMove={move} testId={{ prefix: 'event', id: String(event.id) }} />
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('design.events.fields.name') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('design.events.fields.nameEn'), render: (value: string | null) => value ?? '-' },
    {
      key: 'type',
      title: t('design.events.fields.type'),
      width: 120,
      render: (_v, event) => <Tag color={EVENT_TYPE_COLORS[event.type]}>{t(EVENT_TYPE_LABEL_KEYS[event.type])}</Tag>,
    },
    {
      key: 'offset',
      title: t('design.events.fields.offsetDays'),
      width: 110,
      render: (_v, event) => (event.offsetDays === null ? '-' : t('design.events.dayN', { day: event.offsetDays })),
    },
    {
      key: 'window',
      title: t('design.events.fields.window'),
      width: 130,
      render: (_v, event) =>
        eventHasSchedule(event.type) ? (
          <Typography.Text>{t('design.events.windowValue', { before: event.windowBefore, after: event.windowAfter })}</Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      key: 'repeatable',
      title: t('design.events.fields.repeatable'),
      width: 100,
      render: (_v, event) => (event.repeatable ? t('common.yes') : t('common.no')),
    },
    { key: 'panels', title: t('design.events.fields.panelCount'), width: 100, render: (_v, event) => event.instrumentIds.length },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 140,
      render: (_v, event) => (
        <Space size={0}>
          <DesignButton lock={lock} type="link" size="small" onClick={() => setEditor({ mode: 'edit', event })} data-testid={`event-edit-${String(event.id)}`}>
            {t('common.edit')}
          </DesignButton>
          <DesignButton lock={lock} type="link" size="small" danger onClick={() => removeEvent(event)} data-testid={`event-delete-${String(event.id)}`}>
            {t('common.delete')}
          </DesignButton>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        <DesignButton lock={lock} type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="event-create">
          {t('design.events.actions.create')}
        </DesignButton>
      </Flex>
      <SortableTable<DesignEvent>
        rows={events}
        enabled={lock.editable && !sort.isPending}
        onReorder={(ids) => void settle(() => sort.mutateAsync({ projectId, ids }))}
        loading={list.isLoading}
        columns={columns}
        scroll={{ x: 1000 }}
        data-testid="event-table"
      />
      <EventFormModal open={editor.mode !== 'closed'} projectId={projectId} event={editor.mode === 'edit' ? editor.event : null} onClose={() => setEditor({ mode: 'closed' })} />
    </Flex>
  );
}
