import { HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Table } from 'antd';
import type { TableProps } from 'antd';
import { createContext, useContext, useMemo } from 'react';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a row hands its drag handle: the listeners that start a drag, and whether dragging is allowed. */
interface HandleContextValue {
  bind: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'> | null;
  enabled: boolean;
}

const HandleContext = createContext<HandleContextValue>({ bind: null, enabled: false });
const EnabledContext = createContext(false);

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number };

/** A table row that can be dragged by its handle; the rest of the row stays clickable. */
function SortableRow(props: RowProps) {
  const enabled = useContext(EnabledContext);
  const id = props['data-row-key'] ?? '';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !enabled });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 2, background: 'var(--ant-color-bg-container)' } : {}),
  };
  const handle = useMemo(() => ({ bind: { attributes, listeners, setActivatorNodeRef }, enabled }), [attributes, listeners, setActivatorNodeRef, enabled]);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

/** The grip a user drags a row by; inert while design is locked. */
export function DragHandle() {
  const { t } = useTranslation();
  const { bind, enabled } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={t('design.common.drag')}
      disabled={!enabled}
      style={{ cursor: enabled ? 'grab' : 'not-allowed' }}
      ref={bind?.setActivatorNodeRef}
      {...bind?.attributes}
      {...bind?.listeners}
    />
  );
}

/** antd's `components` for a table whose body rows are sortable. */
const SORTABLE_TABLE_COMPONENTS = { body: { row: SortableRow } };

interface SortableRowsProps {
  ids: readonly number[];
  enabled: boolean;
  /** Every id in the new order after a drop that moved something. */
  onReorder: (ids: number[]) => void;
  children: ReactNode;
}

/** Wraps a table (given SORTABLE_TABLE_COMPONENTS and numeric row keys) so its rows can be dragged into a new order. */
function SortableRows({ ids, enabled, onReorder, children }: SortableRowsProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...ids], from, to));
  };
  return (
    <EnabledContext.Provider value={enabled}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
      </DndContext>
    </EnabledContext.Provider>
  );
}

type SortableTableProps<T extends { id: number }> = Omit<TableProps<T>, 'rowKey' | 'components' | 'dataSource' | 'pagination'> & {
  rows: readonly T[];
  enabled: boolean;
  onReorder: (ids: number[]) => void;
};

/** A whole, unpaged table of id-keyed rows that a designer reorders by dragging (panels, visits). */
export function SortableTable<T extends { id: number }>({ rows, enabled, onReorder, ...tableProps }: SortableTableProps<T>) {
  return (
    <SortableRows ids={rows.map((row) => row.id)} enabled={enabled} onReorder={onReorder}>
      <Table<T> rowKey="id" components={SORTABLE_TABLE_COMPONENTS} dataSource={[...rows]} pagination={false} {...tableProps} />
    </SortableRows>
  );
}
