import { Alert, Button, Card, Flex, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplyDosingLine, SupplyKitType, SupplyPlan, SupplyProduct } from '@dcap/core';
import { useEventListQuery } from '../../api/events';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useLocationsQuery, usePlanQuery } from './api';
import { kitTypeName, localeOf, locationName } from './labels';
import { DosingForm, KitTypeForm, ProductForm, ResupplyForm } from './PlanForms';
import type { DosingInitial, ResupplyInitial } from './PlanForms';

type Editing =
  | { kind: 'product'; initial: SupplyProduct | null }
  | { kind: 'kitType'; initial: SupplyKitType | null }
  | { kind: 'dosing'; initial: DosingInitial | null }
  | { kind: 'resupply'; initial: ResupplyInitial | null };

type ResupplyRow = SupplyPlan['resupply'][number];

/**
 * iSupply's landing (/isupply/drugManage/drugList): the drug plan. Kit types show their code, arm and
 * unblinded names only when the server sent them (callers who may see arms); managers add and change the
 * plan, each form checked with core's request schema before it is sent.
 */
export function DrugListPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const init = useAppInit();
  const { project } = useProjectContext();
  const plan = usePlanQuery();
  const locations = useLocationsQuery();
  const events = useEventListQuery(project?.id ?? 0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const mayManage = init.projectAbilities['supply.manage'] === true;
  const data = plan.data;
  const armsVisible = data?.armsVisible === true;
  const close = () => setEditing(null);
  // A blinded caller gets every arm's line under one blinded name: identical rows are shown once.
  const once = <T,>(rows: readonly T[], key: (row: T) => string): T[] => (armsVisible ? [...rows] : [...new Map(rows.map((row) => [key(row), row])).values()]);

  const eventName = (id: number) => {
    const event = events.data?.find((candidate) => candidate.id === id);
    return event ? (locale === 'en-US' ? (event.nameEn ?? event.name) : event.name) : String(id);
  };
  const typeName = (id: number) => {
    const type = data?.kitTypes.find((candidate) => candidate.id === id);
    return type ? kitTypeName(type, locale) : String(id);
  };
  const edit = (onClick: () => void, testId: string) =>
    mayManage ? (
      <Button size="small" type="link" onClick={onClick} data-testid={testId}>
        {t('common.edit')}
      </Button>
    ) : null;

  const productColumns: TableColumnsType<SupplyProduct> = [
    { title: t('isupply.fields.code'), dataIndex: 'code' },
    { title: t('isupply.fields.displayName'), key: 'name', render: (_value, product) => (locale === 'en-US' ? (product.nameEn ?? product.name) : product.name) },
    { title: t('isupply.fields.dosageForm'), dataIndex: 'dosageForm' },
    { title: t('isupply.fields.strength'), dataIndex: 'strength' },
    { title: t('isupply.fields.unit'), dataIndex: 'unit' },
    ...(mayManage ? [{ title: t('isupply.fields.actions'), key: 'actions', render: (_value: unknown, product: SupplyProduct) => edit(() => setEditing({ kind: 'product', initial: product }), `product-edit-${product.code}`) }] : []),
  ];

  const kitTypeColumns: TableColumnsType<SupplyKitType> = [
    ...(armsVisible ? [{ title: t('isupply.fields.code'), dataIndex: 'code', key: 'code' }] : []),
    { title: t('isupply.fields.kitType'), key: 'name', render: (_value, type) => <span data-testid={`kit-type-name-${String(type.id)}`}>{kitTypeName(type, locale)}</span> },
    { title: t('isupply.fields.blindedName'), key: 'blindedName', render: (_value, type) => (locale === 'en-US' ? (type.blindedNameEn ?? type.blindedName) : type.blindedName) },
    ...(armsVisible ? [{ title: t('isupply.fields.arm'), key: 'arm', render: (_value: unknown, type: SupplyKitType) => <span data-testid={`kit-type-arm-${String(type.id)}`}>{type.arm ?? '-'}</span> }] : []),
    { title: t('isupply.fields.unitsPerKit'), dataIndex: 'unitsPerKit' },
    ...(mayManage && armsVisible ? [{ title: t('isupply.fields.actions'), key: 'actions', render: (_value: unknown, type: SupplyKitType) => edit(() => setEditing({ kind: 'kitType', initial: type }), `kit-type-edit-${String(type.id)}`) }] : []),
  ];

  const dosingColumns: TableColumnsType<SupplyDosingLine> = [
    { title: t('isupply.fields.event'), key: 'event', render: (_value, line) => eventName(line.eventId) },
    ...(armsVisible ? [{ title: t('isupply.fields.arm'), key: 'arm', render: (_value: unknown, line: SupplyDosingLine) => line.arm ?? '-' }] : []),
    { title: t('isupply.fields.kitType'), key: 'kitType', render: (_value, line) => typeName(line.kitTypeId) },
    { title: t('isupply.fields.quantity'), dataIndex: 'quantity' },
    ...(mayManage && armsVisible
      ? [
          {
            title: t('isupply.fields.actions'),
            key: 'actions',
            render: (_value: unknown, line: SupplyDosingLine) =>
              edit(() => {
                const lines = (plan.data?.dosing ?? []).filter((other) => other.eventId === line.eventId && other.arm === line.arm).map(({ kitTypeId, quantity }) => ({ kitTypeId, quantity }));
                setEditing({ kind: 'dosing', initial: { eventId: line.eventId, ...(line.arm ? { arm: line.arm } : {}), lines } });
              }, `dosing-edit-${String(line.eventId)}-${line.arm ?? ''}`),
          },
        ]
      : []),
  ];

  const locationLabel = (id: number) => {
    const location = locations.data?.find((candidate) => candidate.id === id);
    return location ? locationName(location, locale) : String(id);
  };
  const resupplyColumns: TableColumnsType<ResupplyRow> = [
    { title: t('isupply.fields.location'), key: 'location', render: (_value, row) => locationLabel(row.locationId) },
    { title: t('isupply.fields.kitType'), key: 'kitType', render: (_value, row) => kitTypeName(row.kitType, locale) },
    { title: t('isupply.fields.triggerLevel'), dataIndex: 'triggerLevel' },
    { title: t('isupply.fields.targetLevel'), dataIndex: 'targetLevel' },
    { title: t('isupply.fields.predictiveDays'), dataIndex: 'predictiveDays' },
    ...(mayManage
      ? [{ title: t('isupply.fields.actions'), key: 'actions', render: (_value: unknown, row: ResupplyRow) => edit(() => setEditing({ kind: 'resupply', initial: { ...row } }), `resupply-edit-${String(row.locationId)}-${String(row.kitTypeId)}`) }]
      : []),
  ];

  const add = (label: string, onClick: () => void, testId: string) =>
    mayManage ? (
      <Button type="primary" onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    ) : null;
  const empty = { emptyText: t('isupply.plan.empty') };

  return (
    <Flex vertical gap={16} data-testid="drug-list-page">
      {plan.isError ? <Alert type="warning" showIcon title={plan.error.message} /> : null}
      {data && !armsVisible ? <Alert type="info" showIcon title={t('isupply.blindedNotice')} data-testid="supply-blinded" /> : null}
      <Card title={t('isupply.plan.products')} extra={add(t('isupply.plan.addProduct'), () => setEditing({ kind: 'product', initial: null }), 'product-add')}>
        <Table<SupplyProduct> rowKey="id" size="small" pagination={false} loading={plan.isLoading} columns={productColumns} dataSource={data?.products ?? []} locale={empty} data-testid="product-table" />
      </Card>
      <Card title={t('isupply.plan.kitTypes')} extra={armsVisible ? add(t('isupply.plan.addKitType'), () => setEditing({ kind: 'kitType', initial: null }), 'kit-type-add') : null}>
        <Table<SupplyKitType> rowKey="id" size="small" pagination={false} loading={plan.isLoading} columns={kitTypeColumns} dataSource={data?.kitTypes ?? []} locale={empty} data-testid="kit-type-table" />
      </Card>
      <Card title={t('isupply.plan.dosing')} extra={armsVisible ? add(t('isupply.plan.setDosing'), () => setEditing({ kind: 'dosing', initial: null }), 'dosing-add') : null}>
        <Table<SupplyDosingLine>
          rowKey={(line) => `${String(line.eventId)}:${line.arm ?? ''}:${String(line.kitTypeId)}`}
          size="small"
          pagination={false}
          columns={dosingColumns}
          dataSource={once(data?.dosing ?? [], (line) => `${String(line.eventId)}:${typeName(line.kitTypeId)}:${String(line.quantity)}`)}
          locale={empty}
          data-testid="dosing-table"
        />
      </Card>
      <Card title={t('isupply.plan.resupply')} extra={add(t('isupply.plan.setResupply'), () => setEditing({ kind: 'resupply', initial: null }), 'resupply-add')}>
        <Table<ResupplyRow> rowKey={(row) => `${String(row.locationId)}:${String(row.kitTypeId)}`} size="small" pagination={false} columns={resupplyColumns} dataSource={once(data?.resupply ?? [], (row) => `${String(row.locationId)}:${kitTypeName(row.kitType, locale)}:${String(row.triggerLevel)}:${String(row.targetLevel)}:${String(row.predictiveDays)}`)} locale={empty} data-testid="resupply-table" />
      </Card>
      {editing?.kind === 'product' ? <ProductForm initial={editing.initial} onClose={close} /> : null}
      {editing?.kind === 'kitType' ? <KitTypeForm initial={editing.initial} products={data?.products ?? []} onClose={close} /> : null}
      {editing?.kind === 'dosing' && data ? <DosingForm initial={editing.initial} plan={data} events={events.data ?? []} onClose={close} /> : null}
      {editing?.kind === 'resupply' && data ? <ResupplyForm initial={editing.initial} plan={data} locations={locations.data ?? []} onClose={close} /> : null}
    </Flex>
  );
}
