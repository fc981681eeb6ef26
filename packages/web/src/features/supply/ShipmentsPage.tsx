import { Alert, App, Button, Card, Flex, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canMoveShipment, DATE_TIME_FORMAT, holdsLocation, SHIPMENT_STATUSES } from '@dcap/core';
import type { ShipmentReason, ShipmentStatus, SupplyShipment } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { useAppInit } from '../../app/initContext';
import { useLocationsQuery, useMoveShipment, usePlanQuery, useResupplyCheck, useShipmentsQuery } from './api';
import { kitTypeName, localeOf, locationName } from './labels';
import { CreateShipmentDialog, ShipmentLossDialog, TransferDialog } from './ShipmentDialogs';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<ShipmentStatus, string> = { requested: 'blue', shipped: 'gold', received: 'green', lost: 'red', damaged: 'volcano' };
const REASON_COLORS: Record<ShipmentReason, string> = { manual: 'default', trigger: 'orange', predictive: 'purple', transfer: 'cyan' };
const when = (at: string | null) => (at ? dayjs(at).format(DATE_TIME_FORMAT) : '-');

type Dialog = { kind: 'create' } | { kind: 'transfer' } | { kind: 'loss'; id: number; status: 'lost' | 'damaged' };

/** Kits of a shipment counted by kit type, as the caller may name them. */
function kitSummary(shipment: SupplyShipment, locale: 'zh-CN' | 'en-US'): string {
  const counts = new Map<string, number>();
  for (const kit of shipment.kits) {
    const name = kitTypeName(kit.kitType, locale);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts.entries()].map(([name, count]) => `${name} × ${String(count)}`).join(', ') || '-';
}

/**
 * Shipments (/isupply/shipments): shipments and transfers from or to the caller's locations with their
 * state and reason; shipping, receiving and reporting a loss as core's shipment transitions allow; new
 * shipments and the resupply check for managers, transfers for site staff.
 */
export function ShipmentsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { message } = App.useApp();
  const init = useAppInit();
  const [status, setStatus] = useState<ShipmentStatus | null>(null);
  const [page, setPage] = useState(1);
  const shipments = useShipmentsQuery(status, page, PAGE_SIZE);
  const locations = useLocationsQuery();
  const plan = usePlanQuery();
  const move = useMoveShipment();
  const check = useResupplyCheck();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayManage = init.projectAbilities['supply.manage'] === true;
  const maySite = init.projectAbilities['supply.site'] === true;
  const { sites } = useProjectContext();
  // Who holds a location, by core's rule (the server applies it again on every move). The sites the caller
  // works at are those the project context lists; a supply manager's scope is every site.
  const holds = (location: SupplyShipment['origin']) =>
    holdsLocation({ kind: location.kind, siteId: location.siteId ?? null }, { sites: mayManage ? 'all' : sites.map((site) => site.id), manager: mayManage });

  const act = (shipment: SupplyShipment) => {
    const buttons = [];
    const busy = move.isPending && move.variables.id === shipment.id;
    if (canMoveShipment(shipment.status, 'shipped') && holds(shipment.origin))
      buttons.push(
        <Button key="ship" size="small" type="primary" loading={busy} onClick={() => void move.mutateAsync({ id: shipment.id, to: 'shipped' }).catch(() => undefined)} data-testid={`shipment-ship-${String(shipment.id)}`}>
          {t('isupply.shipments.ship')}
        </Button>,
      );
    if (canMoveShipment(shipment.status, 'received') && holds(shipment.destination))
      buttons.push(
        <Button key="receive" size="small" type="primary" loading={busy} onClick={() => void move.mutateAsync({ id: shipment.id, to: 'received' }).catch(() => undefined)} data-testid={`shipment-receive-${String(shipment.id)}`}>
          {t('isupply.shipments.receive')}
        </Button>,
      );
    for (const to of ['lost', 'damaged'] as const)
      if (canMoveShipment(shipment.status, to) && (holds(shipment.origin) || holds(shipment.destination)))
        buttons.push(
          <Button key={to} size="small" danger onClick={() => setDialog({ kind: 'loss', id: shipment.id, status: to })} data-testid={`shipment-${to}-${String(shipment.id)}`}>
            {t(`isupply.shipments.${to}`)}
          </Button>,
        );
    return buttons.length > 0 ? <Space size={4}>{buttons}</Space> : null;
  };

  const columns: TableColumnsType<SupplyShipment> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('isupply.fields.reason'), dataIndex: 'reason', render: (reason: ShipmentReason, row) => <Tag color={REASON_COLORS[reason]} data-testid={`shipment-reason-${String(row.id)}`}>{t(`isupply.shipmentReason.${reason}`)}</Tag> },
    { title: t('isupply.fields.origin'), key: 'origin', render: (_value, row) => locationName(row.origin, locale) },
    { title: t('isupply.fields.destination'), key: 'destination', render: (_value, row) => locationName(row.destination, locale) },
    { title: t('isupply.fields.status'), dataIndex: 'status', render: (value: ShipmentStatus, row) => <Tag color={STATUS_COLORS[value]} data-testid={`shipment-status-${String(row.id)}`}>{t(`isupply.shipmentStatus.${value}`)}</Tag> },
    { title: t('isupply.fields.kits'), key: 'kits', render: (_value, row) => kitSummary(row, locale) },
    { title: t('isupply.fields.requestedAt'), dataIndex: 'requestedAt', render: when },
    { title: t('isupply.fields.shippedAt'), dataIndex: 'shippedAt', render: when },
    { title: t('isupply.fields.receivedAt'), dataIndex: 'receivedAt', render: when },
    ...(maySite ? [{ title: t('isupply.fields.actions'), key: 'actions', render: (_value: unknown, row: SupplyShipment) => act(row) }] : []),
  ];

  const runCheck = () =>
    void check
      .mutateAsync(undefined)
      .then((raised) => message.success(t('isupply.shipments.resupplyDone', { count: raised.length })))
      .catch(() => undefined);

  return (
    <Card
      title={t('isupply.shipments.title')}
      data-testid="shipments-page"
      extra={
        <Flex gap={8} wrap>
          {mayManage ? (
            <>
              <Button onClick={runCheck} loading={check.isPending} data-testid="resupply-check">
                {t('isupply.shipments.resupplyCheck')}
              </Button>
              <Button type="primary" onClick={() => setDialog({ kind: 'create' })} data-testid="shipment-create">
                {t('isupply.shipments.create')}
              </Button>
            </>
          ) : null}
          {maySite ? (
            <Button onClick={() => setDialog({ kind: 'transfer' })} data-testid="transfer-create">
              {t('isupply.shipments.transfer')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Select
        allowClear
        style={{ width: 200, marginBottom: 16 }}
        placeholder={t('isupply.shipments.allStatuses')}
        value={status}
        onChange={(value?: ShipmentStatus | null) => {
          setStatus(value ?? null);
          setPage(1);
        }}
        data-testid="shipment-filter-status"
        options={SHIPMENT_STATUSES.map((value) => ({ value, label: t(`isupply.shipmentStatus.${value}`) }))}
      />
      {shipments.isError ? <Alert type="warning" showIcon title={shipments.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<SupplyShipment>
        rowKey="id"
        size="small"
        loading={shipments.isFetching}
        columns={columns}
        dataSource={shipments.data?.items ?? []}
        locale={{ emptyText: t('isupply.shipments.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: shipments.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        data-testid="shipment-table"
        scroll={{ x: 'max-content' }}
      />
      {dialog?.kind === 'create' ? <CreateShipmentDialog locations={locations.data ?? []} kitTypes={plan.data?.kitTypes ?? []} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'transfer' ? <TransferDialog locations={locations.data ?? []} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'loss' ? <ShipmentLossDialog id={dialog.id} status={dialog.status} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
