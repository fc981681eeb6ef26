import { DoubleLeftOutlined, DoubleRightOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { Button, Collapse, Flex, Tooltip, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE_GROUPS, PALETTE_ITEMS } from './palette';
import type { PaletteItem } from './palette';

/** The drag id of a palette entry; the canvas reads the entry back from it on drop. */
export const paletteDragId = (id: string) => `palette:${id}`;

/**
 * A palette entry: a click, Enter or Space adds it to the panel (after the selection, else at the end);
 * dragging with the pointer places it. dnd-kit's keyboard sensor would take Enter and Space to start a drag
 * that a keyboard user has no target for, so those keys pick the entry instead.
 */
function PaletteButton({ item, onPick }: { item: PaletteItem; onPick: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  const draggable = item.action.kind === 'widgets';
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteDragId(item.id), data: { paletteId: item.id }, disabled: !draggable });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(item);
    }
  };
  return (
    <Button
      ref={setNodeRef}
      size="small"
      block
      style={{ opacity: isDragging ? 0.5 : 1, textAlign: 'left', cursor: draggable ? 'grab' : 'pointer' }}
      onClick={() => onPick(item)}
      data-testid={`palette-${item.id}`}
      {...attributes}
      aria-roledescription={t('designer.palette.roleDescription')}
      {...listeners}
      onKeyDown={onKeyDown}
    >
      {t(`designer.palette.items.${item.id}`)}
    </Button>
  );
}

interface PaletteProps {
  collapsed: boolean;
  onToggle: () => void;
  onPick: (item: PaletteItem) => void;
}

/** Spec 001 §2.1 left column: the collapsible widget palette with every group. */
export function Palette({ collapsed, onToggle, onPick }: PaletteProps) {
  const { t } = useTranslation();
  const toggle = (
    <Tooltip title={t(collapsed ? 'designer.palette.expand' : 'designer.palette.collapse')}>
      <Button
        size="small"
        type="text"
        icon={collapsed ? <DoubleRightOutlined /> : <DoubleLeftOutlined />}
        onClick={onToggle}
        aria-label={t(collapsed ? 'designer.palette.expand' : 'designer.palette.collapse')}
        data-testid="palette-toggle"
      />
    </Tooltip>
  );
  if (collapsed) return <div style={{ width: 32 }}>{toggle}</div>;
  return (
    <Flex vertical gap={4} style={{ width: 220, height: '100%', overflowY: 'auto' }} data-testid="designer-palette">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('designer.palette.title')}</Typography.Text>
        {toggle}
      </Flex>
      <Collapse
        size="small"
        defaultActiveKey={[...PALETTE_GROUPS]}
        items={PALETTE_GROUPS.map((group) => ({
          key: group,
          label: t(`designer.palette.groups.${group}`),
          children: (
            <Flex vertical gap={4}>
              {PALETTE_ITEMS.filter((item) => item.group === group).map((item) => (
                <PaletteButton key={item.id} item={item} onPick={onPick} />
              ))}
            </Flex>
          ),
        }))}
      />
    </Flex>
  );
}
