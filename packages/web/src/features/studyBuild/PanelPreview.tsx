import { Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDataWidget, walkWidgets } from '@dcap/core';
import type { Panel, Widget, WidgetType } from '@dcap/core';
import { currentLocale } from '../../i18n';

/** Widgets that take no room of their own in a read-only outline. */
const SILENT_TYPES: readonly WidgetType[] = ['blank', 'placeholder'];

interface OutlineRow {
  path: string;
  depth: number;
  widget: Widget;
}

/** The panel's widgets in document order; a table's per-row overrides repeat its cell template and are left out. */
function outline(panel: Panel): OutlineRow[] {
  const rows: OutlineRow[] = [];
  for (const { widget, path, place } of walkWidgets(panel.list)) {
    if (SILENT_TYPES.includes(widget.type) || (place.kind === 'table' && place.row !== null)) continue;
    rows.push({ path, depth: path.split('.list.').length - 1 + (place.kind === 'table' ? 1 : 0), widget });
  }
  return rows;
}

/**
 * A read-only outline of a panel: every widget with its label, variable name and type, nested as laid out.
 * It stands in for the form renderer in the instrument and template previews, where a layout is read, not filled in.
 */
export function PanelPreview({ panel }: { panel: Panel }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const rows = outline(panel);
  if (rows.length === 0) return <Empty description={t('design.preview.empty')} />;

  const columns: TableColumnsType<OutlineRow> = [
    {
      key: 'label',
      title: t('design.preview.label'),
      render: (_v, { widget, depth }) => (
        <span style={{ paddingInlineStart: depth * 16 }}>
          {(english ? widget.nameEn : undefined) ?? widget.name}
          {widget.required === true ? <Typography.Text type="danger"> *</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'model',
      title: t('design.preview.variable'),
      render: (_v, { widget }) => (isDataWidget(widget) ? <Typography.Text code>{widget.model}</Typography.Text> : '-'),
    },
    { key: 'type', title: t('design.preview.type'), width: 130, render: (_v, { widget }) => <Tag>{widget.type}</Tag> },
  ];

  return <Table<OutlineRow> rowKey="path" size="small" columns={columns} dataSource={rows} pagination={false} data-testid="panel-preview" />;
}
