import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_COLUMNS_MAX, GRID_NEW_LAYOUT_SPAN, GRID_SPAN_TOTAL, gridColumns } from '@dcap/core';
import type { GridColumn } from '@dcap/core';
import type { ConfigProps } from './configProps';
import { numberOrUndefined, patcher } from './configProps';

const JUSTIFY = ['start', 'end', 'center', 'space-around', 'space-between'] as const;
const ALIGN = ['top', 'middle', 'bottom'] as const;

/** Spec 001 §3.5 grid options: gutter, justify, align and each column's span. */
export function GridConfig(props: ConfigProps) {
  const { t } = useTranslation();
  const { widget } = props;
  const patch = patcher(props);
  const columns = gridColumns(widget);
  const setColumns = (next: GridColumn[]) => patch({ options: { columns: next } });
  return (
    <>
      <Form.Item label={t('designer.grid.gutter')}>
        <InputNumber min={0} max={64} precision={0} value={widget.options.gutter} onChange={(value) => patch({ options: { gutter: numberOrUndefined(value) } })} data-testid="grid-gutter" />
      </Form.Item>
      <Form.Item label={t('designer.grid.justify')}>
        <Select
          value={widget.options.justify}
          options={JUSTIFY.map((value) => ({ value, label: t(`designer.grid.justifyOptions.${value}`) }))}
          onChange={(justify: (typeof JUSTIFY)[number]) => patch({ options: { justify } })}
        />
      </Form.Item>
      <Form.Item label={t('designer.grid.align')}>
        <Select value={widget.options.align} options={ALIGN.map((value) => ({ value, label: t(`designer.grid.alignOptions.${value}`) }))} onChange={(align: (typeof ALIGN)[number]) => patch({ options: { align } })} />
      </Form.Item>
      <Form.Item label={t('designer.grid.columns')}>
        <Flex vertical gap={4}>
          {columns.map((column, index) => (
            <Flex key={index} gap={4} align="center">
              <span style={{ flex: 1 }}>{t('designer.grid.span', { index: index + 1 })}</span>
              <InputNumber
                size="small"
                min={1}
                max={GRID_SPAN_TOTAL}
                precision={0}
                value={column.span}
                onChange={(value) => setColumns(columns.map((item, i) => (i === index ? { ...item, span: numberOrUndefined(value) ?? 1 } : item)))}
                data-testid={`grid-span-${String(index)}`}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={columns.length <= 1}
                aria-label={t('designer.grid.removeColumn')}
                onClick={() => setColumns(columns.filter((_, i) => i !== index))}
              />
            </Flex>
          ))}
          <Button size="small" icon={<PlusOutlined />} disabled={columns.length >= GRID_COLUMNS_MAX} onClick={() => setColumns([...columns, { span: GRID_NEW_LAYOUT_SPAN, list: [] }])}>
            {t('designer.grid.addColumn')}
          </Button>
        </Flex>
      </Form.Item>
    </>
  );
}
