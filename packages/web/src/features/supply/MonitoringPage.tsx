import { Alert, Card, Flex, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplyStockRow } from '@dcap/core';
import { EChart } from '../../components/EChart';
import { usePlanQuery, useStockQuery } from './api';
import { kitTypeName, localeOf, locationName } from './labels';
import { stockChartData, stockChartOption } from './stockChart';

/**
 * The delivery centre (/isupply/monitor): usable stock per location stacked by kit type (blinded names for
 * blinded callers), kits in transit and each pharmacy's trigger level, with the counts by status below.
 */
export function MonitoringPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const stock = useStockQuery();
  const plan = usePlanQuery();
  const rows = useMemo(() => stock.data ?? [], [stock.data]);
  const resupply = useMemo(() => plan.data?.resupply ?? [], [plan.data]);
  const option = useMemo(() => stockChartOption(stockChartData(rows, resupply, locale), t), [rows, resupply, locale, t]);
  const triggerOf = (row: SupplyStockRow) => {
    const settings = resupply.filter((setting) => setting.locationId === row.location.id && kitTypeName(setting.kitType, locale) === kitTypeName(row.kitType, locale));
    return settings.length === 0 ? '-' : String(settings.reduce((sum, setting) => sum + setting.triggerLevel, 0));
  };
  const count = (key: keyof SupplyStockRow['counts']) => (_value: unknown, row: SupplyStockRow) => row.counts[key];
  const columns: TableColumnsType<SupplyStockRow> = [
    { title: t('isupply.fields.location'), key: 'location', render: (_value, row) => locationName(row.location, locale) },
    { title: t('isupply.fields.kitType'), key: 'kitType', render: (_value, row) => kitTypeName(row.kitType, locale) },
    { title: t('isupply.kitStatus.available'), key: 'available', render: count('available') },
    { title: t('isupply.kitStatus.at_site'), key: 'at_site', render: count('at_site') },
    { title: t('isupply.kitStatus.in_transit'), key: 'in_transit', render: count('in_transit') },
    { title: t('isupply.kitStatus.dispensed'), key: 'dispensed', render: count('dispensed') },
    { title: t('isupply.kitStatus.quarantined'), key: 'quarantined', render: count('quarantined') },
    { title: t('isupply.kitStatus.expired'), key: 'expired', render: count('expired') },
    { title: t('isupply.monitor.trigger'), key: 'trigger', render: (_value, row) => triggerOf(row) },
  ];
  return (
    <Flex vertical gap={16} data-testid="monitoring-page">
      {stock.isError ? <Alert type="warning" showIcon title={stock.error.message} /> : null}
      <Card title={t('isupply.monitor.chart')}>
        <EChart option={option} locale={locale} height={360} empty={rows.length === 0} emptyText={t('isupply.monitor.empty')} data-testid="stock-chart" />
      </Card>
      <Card title={t('isupply.monitor.table')}>
        <Table<SupplyStockRow>
          rowKey={(row) => `${String(row.location.id)}:${row.kitType.id === undefined ? row.kitType.name : String(row.kitType.id)}`}
          size="small"
          loading={stock.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('isupply.monitor.empty') }}
          data-testid="stock-table"
        />
      </Card>
    </Flex>
  );
}
