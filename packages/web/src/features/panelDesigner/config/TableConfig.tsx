import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COLUMN_FIELD_NAME_MAX,
  COLUMN_LABEL_MAX,
  emptyRows,
  TABLE_CARDS_PER_ROW_MAX,
  TABLE_CARDS_PER_ROW_MIN,
  TABLE_NAME_MAX,
  TABLE_ROWS_MAX,
  TABLE_ROWS_MIN,
  TABLE_WIDTH_MAX,
  TABLE_WIDTH_MIN,
  tableColumns,
} from '@dcap/core';
import type { TableColumn } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import { canvasLabel } from '../canvas/canvasContext';
import { CellWidgetSelect } from './CellWidgetSelect';
import type { ConfigProps } from './configProps';
import { numberOrUndefined, patcher } from './configProps';
import { RowCellConfig } from './RowCellConfig';

const COLUMN_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Spec 001 §3.6 and §5.2 table options: name, width, repeatable, display, rows and each column. */
export function TableConfig(props: ConfigProps) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const { widget, panel, dispatch } = props;
  const { options } = widget;
  const patch = patcher(props);
  const columns = tableColumns(widget);
  const rows = options.data ?? [];
  const setColumn = (index: number, change: Partial<TableColumn>) => patch({ options: { columns: columns.map((column, i) => (i === index ? { ...column, ...change } : column)) } });
  const setRowCount = (count: number) => {
    const kept = rows.slice(0, count);
    // Spec 001 §3.6: a per-row cell override of a row that is gone goes with it.
    const trimmed = columns.map(({ widgetMap, ...column }) => {
      const map = Object.fromEntries(Object.entries(widgetMap ?? {}).filter(([row]) => Number(row) < count));
      return Object.keys(map).length > 0 ? { ...column, widgetMap: map } : column;
    });
    patch({ options: { columns: trimmed, data: [...kept, ...emptyRows(columns, count - kept.length)] } });
  };
  return (
    <>
      <Form.Item label={t('designer.table.name')}>
        <Input value={widget.name} maxLength={TABLE_NAME_MAX} onChange={(event) => patch({ name: event.target.value })} data-testid="table-name" />
      </Form.Item>
      <Form.Item label={t('designer.config.nameEn')}>
        <Input value={widget.nameEn ?? ''} maxLength={TABLE_NAME_MAX} onChange={(event) => patch({ nameEn: event.target.value })} />
      </Form.Item>
      <Form.Item label={t('designer.table.width')}>
        <InputNumber
          min={TABLE_WIDTH_MIN}
          max={TABLE_WIDTH_MAX}
          precision={0}
          value={typeof options.width === 'number' ? options.width : undefined}
          onChange={(value) => patch({ options: { width: numberOrUndefined(value) } })}
          data-testid="table-width"
        />
      </Form.Item>
      <Form.Item label={t('designer.table.repeatable')}>
        <Switch checked={options.repeatable === true} onChange={(repeatable) => dispatch({ type: 'repeatable', key: widget.key, repeatable })} data-testid="table-repeatable" />
      </Form.Item>
      {options.repeatable ? null : (
        <Form.Item label={t('designer.table.rows')}>
          <InputNumber min={TABLE_ROWS_MIN} max={TABLE_ROWS_MAX} precision={0} value={rows.length} onChange={(value) => setRowCount(numberOrUndefined(value) ?? 1)} data-testid="table-rows" />
        </Form.Item>
      )}
      <Form.Item label={t('designer.table.tableMode')}>
        <Radio.Group
          value={options.tableMode ?? 'table'}
          options={[
            { value: 'table', label: t('designer.table.modeTable') },
            { value: 'card', label: t('designer.table.modeCard') },
          ]}
          onChange={(event) => patch({ options: { tableMode: event.target.value as 'table' | 'card' } })}
        />
      </Form.Item>
      <Form.Item label={t('designer.table.cardsPerRow')}>
        <InputNumber
          min={TABLE_CARDS_PER_ROW_MIN}
          max={TABLE_CARDS_PER_ROW_MAX}
          precision={0}
          value={options.cardsPerRow}
          onChange={(value) => patch({ options: { cardsPerRow: numberOrUndefined(value) } })}
          data-testid="table-cardsPerRow"
        />
      </Form.Item>
      <Typography.Text strong>{t('designer.table.columns')}</Typography.Text>
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {columns.map((column, index) => (
          <Card key={index} size="small" data-testid={`table-column-${String(index)}`}>
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t('designer.table.columnTitle')}</Typography.Text>
              <Input value={column.title} maxLength={COLUMN_LABEL_MAX} onChange={(event) => setColumn(index, { title: event.target.value })} data-testid={`column-title-${String(index)}`} />
              <Typography.Text type="secondary">{t('designer.table.columnTitleEn')}</Typography.Text>
              <Input value={column.titleEn ?? ''} maxLength={COLUMN_LABEL_MAX} onChange={(event) => setColumn(index, { titleEn: event.target.value })} />
              <Typography.Text type="secondary">{t('designer.table.columnKey')}</Typography.Text>
              <Input
                value={column.key}
                maxLength={COLUMN_FIELD_NAME_MAX}
                status={COLUMN_KEY.test(column.key) ? undefined : 'error'}
                onChange={(event) => setColumn(index, { key: event.target.value })}
                data-testid={`column-key-${String(index)}`}
              />
              <Typography.Text type="secondary">{t('designer.table.columnWidth')}</Typography.Text>
              <InputNumber
                suffix="%"
                min={1}
                max={100}
                precision={0}
                value={column.width ? Number.parseFloat(column.width) : undefined}
                onChange={(value) => setColumn(index, { width: typeof value === 'number' ? `${String(value)}%` : undefined })}
                data-testid={`column-width-${String(index)}`}
              />
              <Flex gap={4} align="center">
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {column.widget.type === 'placeholder' ? t('designer.canvas.cellEmpty') : canvasLabel(column.widget, english) || column.widget.type}
                </Typography.Text>
                <CellWidgetSelect panel={panel} tableKey={widget.key} columnIndex={index} dispatch={dispatch} />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={column.widget.type === 'placeholder'}
                  aria-label={t('designer.table.clearCell')}
                  onClick={() => dispatch({ type: 'clearCell', tableKey: widget.key, columnIndex: index })}
                />
              </Flex>
            </Flex>
          </Card>
        ))}
      </Flex>
      {options.repeatable ? null : <RowCellConfig {...props} />}
    </>
  );
}
