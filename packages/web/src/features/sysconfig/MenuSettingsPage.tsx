import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, InputNumber, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { Key } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MenuSettingInput, MenuSettingRow } from '@dcap/core';
import { MENU_SORT_MAX, MENU_TITLE_MAX } from '@dcap/core';
import { useConfirm } from '../../lib/confirm';
import { useMenuSettings, useResetMenuSettings, useSaveMenuSettings } from './api';

/** One entry as the screen edits it: the stored values with the changes not yet saved. */
type Draft = Omit<MenuSettingInput, 'key'>;
interface EditedRow extends MenuSettingRow {
  draft: Draft;
  changed: boolean;
  children?: EditedRow[];
}

const stored = (row: MenuSettingRow): Draft => ({ sort: row.sort, always: row.always, enabled: row.enabled, titleZh: row.titleZh, titleEn: row.titleEn });
const same = (a: Draft, b: Draft) => a.sort === b.sort && a.always === b.always && a.enabled === b.enabled && (a.titleZh ?? '') === (b.titleZh ?? '') && (a.titleEn ?? '') === (b.titleEn ?? '');

function edited(rows: readonly MenuSettingRow[], drafts: ReadonlyMap<string, Draft>): EditedRow[] {
  return rows
    .map((row): EditedRow => {
      const draft = drafts.get(row.key) ?? stored(row);
      const { children, ...rest } = row;
      const base: EditedRow = { ...rest, draft, changed: !same(draft, stored(row)) };
      return children ? { ...base, children: edited(children, drafts) } : base;
    })
    .sort((a, b) => a.draft.sort - b.draft.sort);
}

function flatten<T extends { children?: T[] }>(rows: readonly T[]): T[] {
  return rows.flatMap((row) => [row, ...flatten(row.children ?? [])]);
}

function siblingsOf(rows: EditedRow[], key: string): EditedRow[] | undefined {
  if (rows.some((row) => row.key === key)) return rows;
  for (const row of rows) {
    const found = row.children ? siblingsOf(row.children, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * Menu settings (spec 000 §2.2 /sys/menu; docs/decisions.md "Menu settings"): the code's menu tree with, per
 * entry, the sort the header orders by, whether it is always shown, whether it is shown at all, and titles in
 * both languages. Always is offered only where the page serves everyone; the entry of this screen and its
 * group cannot be hidden.
 */
export function MenuSettingsPage() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const settings = useMenuSettings();
  const save = useSaveMenuSettings();
  const reset = useResetMenuSettings();
  const [drafts, setDrafts] = useState<Map<string, Draft>>(new Map());
  /** Groups start folded, as a long tree reads best group by group; one button opens or folds them all. */
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const rows = useMemo(() => edited(settings.data ?? [], drafts), [settings.data, drafts]);
  const changes = flatten(rows).filter((row) => row.changed);
  const groups = flatten(rows).filter((row) => row.children).map((row) => row.key);
  const zh = i18n.getFixedT('zh-CN');
  const en = i18n.getFixedT('en-US');

  const change = (row: EditedRow, values: Partial<Draft>) => setDrafts((current) => new Map(current).set(row.key, { ...row.draft, ...values }));
  /** Swaps the sort with the neighbour above or below; equal sorts are pulled apart so the order shows. */
  const move = (row: EditedRow, step: -1 | 1) => {
    const siblings = siblingsOf(rows, row.key) ?? [];
    const index = siblings.findIndex((sibling) => sibling.key === row.key);
    const other = siblings[index + step];
    if (!other) return;
    const [mine, theirs] = row.draft.sort === other.draft.sort ? [other.draft.sort + step, row.draft.sort] : [other.draft.sort, row.draft.sort];
    setDrafts((current) =>
      new Map(current).set(row.key, { ...row.draft, sort: Math.min(MENU_SORT_MAX, Math.max(0, mine)) }).set(other.key, { ...other.draft, sort: theirs }),
    );
  };
  const onSave = async () => {
    await save.mutateAsync(changes.map((row) => ({ key: row.key, ...row.draft, titleZh: row.draft.titleZh || null, titleEn: row.draft.titleEn || null })));
    setDrafts(new Map());
  };

  /** The title a menu shows in one language: empty keeps the catalogue's, shown as the placeholder. */
  const titleColumn = (field: 'titleZh' | 'titleEn', catalogue: TFunction, width: number): TableColumnsType<EditedRow>[number] => ({
    key: field,
    title: t(`sysconfig.menus.columns.${field}`),
    width,
    render: (_, row) => (
      <Input
        size="small"
        maxLength={MENU_TITLE_MAX}
        value={row.draft[field] ?? ''}
        placeholder={catalogue(row.titleKey)}
        aria-label={t(`sysconfig.menus.columns.${field}`)}
        data-testid={`menu-setting-${field}-${row.key}`}
        onChange={(event) => change(row, { [field]: event.target.value })}
      />
    ),
  });
  const columns: TableColumnsType<EditedRow> = [
    {
      key: 'title',
      title: t('sysconfig.menus.columns.entry'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <span data-testid={`menu-setting-title-${row.key}`}>{t(row.titleKey)}</span>
            {row.hidden ? <Tag>{t('sysconfig.menus.hiddenRoute')}</Tag> : null}
            {row.changed ? <Tag color="orange">{t('sysconfig.menus.unsaved')}</Tag> : null}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.path}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'sort',
      title: t('sysconfig.menus.columns.sort'),
      width: 170,
      render: (_, row) => (
        <Space size={4}>
          <InputNumber
            size="small"
            min={0}
            max={MENU_SORT_MAX}
            precision={0}
            value={row.draft.sort}
            style={{ width: 80 }}
            aria-label={t('sysconfig.menus.columns.sort')}
            data-testid={`menu-setting-sort-${row.key}`}
            onChange={(value) => change(row, { sort: value ?? row.defaultSort })}
          />
          <Tooltip title={t('sysconfig.menus.up')}>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('sysconfig.menus.up')} data-testid={`menu-setting-up-${row.key}`} onClick={() => move(row, -1)} />
          </Tooltip>
          <Tooltip title={t('sysconfig.menus.down')}>
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('sysconfig.menus.down')} data-testid={`menu-setting-down-${row.key}`} onClick={() => move(row, 1)} />
          </Tooltip>
        </Space>
      ),
    },
    {
      key: 'always',
      title: <Tooltip title={t('sysconfig.menus.alwaysHelp')}>{t('sysconfig.menus.columns.always')}</Tooltip>,
      width: 90,
      render: (_, row) => (
        <Tooltip title={row.alwaysAllowed ? undefined : t('sysconfig.menus.alwaysNotAllowed')}>
          <Switch size="small" checked={row.draft.always} disabled={!row.alwaysAllowed} data-testid={`menu-setting-always-${row.key}`} onChange={(always) => change(row, { always })} />
        </Tooltip>
      ),
    },
    {
      key: 'enabled',
      title: t('sysconfig.menus.columns.enabled'),
      width: 90,
      render: (_, row) => (
        <Tooltip title={row.disableAllowed ? undefined : t('sysconfig.menus.cannotHide')}>
          <Switch size="small" checked={row.draft.enabled} disabled={!row.disableAllowed} data-testid={`menu-setting-enabled-${row.key}`} onChange={(enabled) => change(row, { enabled })} />
        </Tooltip>
      ),
    },
    titleColumn('titleZh', zh, 190),
    titleColumn('titleEn', en, 210),
  ];

  return (
    <Card
      title={t('sysconfig.menus.title')}
      data-testid="menu-settings-page"
      extra={
        <Space>
          <Button onClick={() => setExpanded(expanded.length > 0 ? [] : groups)} data-testid="menu-settings-expand">
            {expanded.length > 0 ? t('sysconfig.menus.collapseAll') : t('sysconfig.menus.expandAll')}
          </Button>
          <Button disabled={changes.length === 0} onClick={() => setDrafts(new Map())} data-testid="menu-settings-discard">
            {t('sysconfig.discard')}
          </Button>
          <Button danger onClick={() => confirm({ title: t('sysconfig.menus.resetConfirm'), danger: true, onOk: () => reset.mutateAsync().then(() => setDrafts(new Map())) })} data-testid="menu-settings-reset">
            {t('sysconfig.menus.reset')}
          </Button>
          <Button type="primary" disabled={changes.length === 0} loading={save.isPending} onClick={() => void onSave().catch(() => undefined)} data-testid="menu-settings-save">
            {changes.length > 0 ? t('sysconfig.saveCount', { count: changes.length }) : t('sysconfig.save')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sysconfig.menus.intro')} />
      {settings.isError ? (
        <Alert type="warning" showIcon title={t('sysconfig.loadFailed')} description={settings.error.message} />
      ) : (
        <Table<EditedRow>
          rowKey="key"
          size="small"
          pagination={false}
          loading={settings.isLoading}
          columns={columns}
          dataSource={rows}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
          data-testid="menu-settings-table"
        />
      )}
    </Card>
  );
}
