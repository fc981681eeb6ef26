import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DesignButton } from './DesignButton';
import type { DesignEditability } from './editability';
import { DragHandle } from './SortableRows';

interface OrderControlsProps {
  lock: DesignEditability;
  index: number;
  count: number;
  /** A reorder is on its way: wait for it before the next. */
  busy: boolean;
  onMove: (index: number, delta: -1 | 1) => void;
  /** Suffix of the buttons' test ids, e.g. `event-12` gives `event-up-12`. */
  testId: { prefix: string; id: string };
}

/** The order cell of a sortable design table: a drag handle and one-step up and down buttons. */
export function OrderControls({ lock, index, count, busy, onMove, testId }: OrderControlsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <DragHandle />
      <DesignButton
        lock={lock}
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={t('design.common.moveUp')}
        disabled={index === 0 || busy}
        onClick={() => onMove(index, -1)}
        data-testid={`${testId.prefix}-up-${testId.id}`}
      />
      <DesignButton
        lock={lock}
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={t('design.common.moveDown')}
        disabled={index === count - 1 || busy}
        onClick={() => onMove(index, 1)}
        data-testid={`${testId.prefix}-down-${testId.id}`}
      />
    </Space>
  );
}
