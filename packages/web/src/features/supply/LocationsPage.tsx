import { Alert, Button, Card, Form, Input, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_KINDS, supplyLocationSaveSchema } from '@dcap/core';
import type { LocationKind, SupplyLocation } from '@dcap/core';
import { FormModal } from '../../components/FormModal';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { blankToNull } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { useLocationsQuery, useSaveLocation } from './api';
import { localeOf, locationName, schemaProblems } from './labels';

const LABELS = { kind: 'isupply.fields.kind', code: 'isupply.fields.code', name: 'isupply.fields.name', nameEn: 'isupply.fields.nameEn', siteId: 'isupply.fields.site', depotId: 'isupply.fields.depot' };

function LocationForm({ initial, locations, onClose }: { initial: SupplyLocation | null; locations: SupplyLocation[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { allSites } = useProjectContext();
  const [form] = Form.useForm();
  const save = useSaveLocation();
  const kind = Form.useWatch<LocationKind | undefined>('kind', form);
  const labels = Object.fromEntries(Object.entries(LABELS).map(([field, key]) => [field, t(key)]));

  const submit = async (values: { kind: LocationKind; code: string; name: string; nameEn?: string; siteId?: number; depotId?: number }) => {
    const nameEn = blankToNull(values.nameEn);
    const body = {
      ...(initial ? { id: initial.id } : {}),
      kind: values.kind,
      code: values.code,
      name: values.name,
      ...(nameEn ? { nameEn } : {}),
      ...(values.kind === 'site' ? { siteId: values.siteId ?? null, depotId: values.depotId ?? null } : {}),
    };
    const problems = schemaProblems(supplyLocationSaveSchema, body, labels, locale);
    if (problems.length > 0) return form.setFields(problems);
    try {
      await save.mutateAsync(body);
      onClose();
    } catch (error) {
      if (!showServerErrors(form, error, Object.keys(LABELS), { 'supply.code_taken': 'code', 'supply.site_pharmacy_taken': 'siteId', 'supply.location_site': 'siteId', 'supply.not_a_depot': 'depotId' })) {
        form.setFields([{ name: 'code', errors: [error instanceof Error ? error.message : String(error)] }]);
      }
    }
  };

  return (
    <FormModal open title={t('isupply.locations.formTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="location-save">
      <Form form={form} layout="vertical" initialValues={initial ?? { kind: 'depot' }} onFinish={(values: Parameters<typeof submit>[0]) => void submit(values)}>
        <Form.Item name="kind" label={t('isupply.fields.kind')}>
          <Select data-testid="location-kind" options={LOCATION_KINDS.map((value) => ({ value, label: t(`isupply.kind.${value}`) }))} />
        </Form.Item>
        {(['code', 'name', 'nameEn'] as const).map((field) => (
          <Form.Item key={field} name={field} label={t(LABELS[field])}>
            <Input data-testid={`location-${field}`} />
          </Form.Item>
        ))}
        {kind === 'site' ? (
          <>
            <Form.Item name="siteId" label={t('isupply.fields.site')}>
              <Select data-testid="location-siteId" options={allSites.map((site) => ({ value: site.id, label: `${site.code} ${locale === 'en-US' ? (site.eName ?? site.name) : site.name}` }))} />
            </Form.Item>
            <Form.Item name="depotId" label={t('isupply.fields.depot')}>
              <Select allowClear data-testid="location-depotId" options={locations.filter((location) => location.kind === 'depot').map((location) => ({ value: location.id, label: locationName(location, locale) }))} />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </FormModal>
  );
}

/** Depots and site pharmacies (/isupply/drugManage/locations): each pharmacy's site and resupplying depot. */
export function LocationsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const init = useAppInit();
  const { allSites } = useProjectContext();
  const locations = useLocationsQuery();
  const [editing, setEditing] = useState<SupplyLocation | 'new' | null>(null);
  const mayManage = init.projectAbilities['supply.manage'] === true;
  const list = locations.data ?? [];

  const columns: TableColumnsType<SupplyLocation> = [
    { title: t('isupply.fields.kind'), dataIndex: 'kind', render: (kind: LocationKind) => <Tag color={kind === 'depot' ? 'blue' : 'green'}>{t(`isupply.kind.${kind}`)}</Tag> },
    { title: t('isupply.fields.code'), dataIndex: 'code' },
    { title: t('isupply.fields.displayName'), key: 'name', render: (_value, location) => (locale === 'en-US' ? (location.nameEn ?? location.name) : location.name) },
    {
      title: t('isupply.fields.site'),
      key: 'site',
      render: (_value, location) => {
        const site = allSites.find((candidate) => candidate.id === location.siteId);
        return site ? `${site.code} ${locale === 'en-US' ? (site.eName ?? site.name) : site.name}` : '-';
      },
    },
    {
      title: t('isupply.fields.depot'),
      key: 'depot',
      render: (_value, location) => {
        const depot = list.find((candidate) => candidate.id === location.depotId);
        return depot ? locationName(depot, locale) : '-';
      },
    },
    ...(mayManage
      ? [
          {
            title: t('isupply.fields.actions'),
            key: 'actions',
            render: (_value: unknown, location: SupplyLocation) => (
              <Button size="small" type="link" onClick={() => setEditing(location)} data-testid={`location-edit-${location.code}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('isupply.locations.title')}
      data-testid="locations-page"
      extra={
        mayManage ? (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="location-add">
            {t('isupply.locations.add')}
          </Button>
        ) : null
      }
    >
      {locations.isError ? <Alert type="warning" showIcon title={locations.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<SupplyLocation> rowKey="id" size="middle" loading={locations.isLoading} columns={columns} dataSource={list} pagination={false} locale={{ emptyText: t('isupply.locations.empty') }} />
      {editing ? <LocationForm initial={editing === 'new' ? null : editing} locations={list} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
