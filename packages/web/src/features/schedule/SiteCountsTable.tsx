import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@dcap/core';
import { taskSiteLabel } from './taskChart';

type SiteCounts<K extends string> = Parameters<typeof taskSiteLabel>[0] & { siteId: number } & Record<K, number>;

interface SiteCountsTableProps<K extends string, R extends SiteCounts<K>> {
  /** The counted columns, in order. */
  keys: readonly K[];
  rows: R[];
  titleOf: (key: K) => string;
  /** A count as shown, for one site or (siteId null) for the totals row: the link to its list. */
  countLink: (key: K, value: number, siteId: number | null) => ReactNode;
  locale: Locale;
  'data-testid': string;
}

/** Counts per site of the user with a totals row: the visit task list's and the QC task list's table. */
export function SiteCountsTable<K extends string, R extends SiteCounts<K>>({ keys, rows, titleOf, countLink, locale, 'data-testid': testId }: SiteCountsTableProps<K, R>) {
  const { t } = useTranslation();
  const total = (key: K) => rows.reduce((sum, row) => sum + row[key], 0);
  const columns: TableColumnsType<R> = [
    { key: 'site', title: t('schedule.tasks.site'), render: (_, site) => taskSiteLabel(site, locale) },
    ...keys.map((key) => ({ key, title: titleOf(key), align: 'right' as const, render: (_: unknown, site: R) => countLink(key, site[key], site.siteId) })),
  ];
  return (
    <Table<R>
      rowKey="siteId"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      data-testid={testId}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <Typography.Text strong>{t('schedule.tasks.total')}</Typography.Text>
          </Table.Summary.Cell>
          {keys.map((key, index) => (
            <Table.Summary.Cell key={key} index={index + 1} align="right">
              {countLink(key, total(key), null)}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )}
    />
  );
}
