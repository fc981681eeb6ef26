import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplyShipmentCreateSchema, supplyShipmentLossSchema, supplyTransferCreateSchema } from '@dcap/core';
import type { SupplyKitType, SupplyLocation } from '@dcap/core';
import type { z } from 'zod';
import { FormModal } from '../../components/FormModal';
import { showServerErrors } from '../../lib/serverErrors';
import { useCreateShipment, useCreateTransfer, useMoveShipment } from './api';
import { kitTypeName, localeOf, locationName, schemaProblems } from './labels';

const LABELS = {
  originId: 'isupply.fields.origin',
  destinationId: 'isupply.fields.destination',
  items: 'isupply.kits.items',
  kitNos: 'isupply.fields.kitNo',
  note: 'isupply.fields.note',
  reason: 'isupply.fields.reason',
};

/** Core's schema first, then the call; complaints of either land on the form's fields. */
function useChecked(schema: z.ZodType) {
  const { t, i18n } = useTranslation();
  const labels = Object.fromEntries(Object.entries(LABELS).map(([field, key]) => [field, t(key)]));
  return async (form: ReturnType<typeof Form.useForm>[0], body: unknown, send: () => Promise<unknown>, onDone: () => void) => {
    const problems = schemaProblems(schema, body, labels, localeOf(i18n.language));
    if (problems.length > 0) return form.setFields(problems);
    try {
      await send();
      onDone();
    } catch (error) {
      if (!showServerErrors(form, error, Object.keys(LABELS))) form.setFields([{ name: 'originId', errors: [error instanceof Error ? error.message : String(error)] }]);
    }
  };
}

const options = (locations: SupplyLocation[], locale: 'zh-CN' | 'en-US') => locations.map((location) => ({ value: location.id, label: locationName(location, locale) }));

/** A shipment requested by hand from a depot to a site pharmacy. */
export function CreateShipmentDialog({ locations, kitTypes, onClose }: { locations: SupplyLocation[]; kitTypes: SupplyKitType[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm();
  const create = useCreateShipment();
  const checked = useChecked(supplyShipmentCreateSchema);
  const submit = (values: { originId?: number; destinationId?: number; items: { kitTypeId?: number; count?: number }[]; note?: string }) => {
    const body = { originId: values.originId, destinationId: values.destinationId, items: values.items, ...(values.note?.trim() ? { note: values.note.trim() } : {}) };
    return checked(form, body, () => create.mutateAsync(supplyShipmentCreateSchema.parse(body)), onClose);
  };
  return (
    <FormModal open title={t('isupply.shipments.createTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={create.isPending} submitTestId="shipment-create-submit">
      <Form form={form} layout="vertical" initialValues={{ items: [{ count: 1 }] }} onFinish={(values: Parameters<typeof submit>[0]) => void submit(values)}>
        <Form.Item name="originId" label={t('isupply.fields.origin')}>
          <Select data-testid="shipment-origin" options={options(locations.filter((location) => location.kind === 'depot'), locale)} />
        </Form.Item>
        <Form.Item name="destinationId" label={t('isupply.fields.destination')}>
          <Select data-testid="shipment-destination" options={options(locations.filter((location) => location.kind === 'site'), locale)} />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'kitTypeId']}>
                    <Select style={{ width: 240 }} placeholder={t('isupply.fields.kitType')} data-testid={`shipment-type-${String(field.name)}`} options={kitTypes.map((type) => ({ value: type.id, label: kitTypeName(type, locale) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'count']}>
                    <InputNumber min={1} placeholder={t('isupply.fields.count')} data-testid={`shipment-count-${String(field.name)}`} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ count: 1 })}>
                {t('isupply.kits.addItem')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <Form.Item name="note" label={t('isupply.fields.note')} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Kits sent from the caller's pharmacy to another site's, named by their numbers. */
export function TransferDialog({ locations, onClose }: { locations: SupplyLocation[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm();
  const create = useCreateTransfer();
  const checked = useChecked(supplyTransferCreateSchema);
  const pharmacies = options(locations.filter((location) => location.kind === 'site'), locale);
  const submit = (values: { originId?: number; destinationId?: number; kitNos?: string; note?: string }) => {
    const kitNos = (values.kitNos ?? '').split(/[\s,，]+/).filter((kitNo) => kitNo !== '');
    const body = { originId: values.originId, destinationId: values.destinationId, kitNos, ...(values.note?.trim() ? { note: values.note.trim() } : {}) };
    return checked(form, body, () => create.mutateAsync(supplyTransferCreateSchema.parse(body)), onClose);
  };
  return (
    <FormModal open title={t('isupply.shipments.transferTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={create.isPending} submitTestId="transfer-submit">
      <Form form={form} layout="vertical" onFinish={(values: Parameters<typeof submit>[0]) => void submit(values)}>
        <Form.Item name="originId" label={t('isupply.fields.origin')}>
          <Select data-testid="transfer-origin" options={pharmacies} />
        </Form.Item>
        <Form.Item name="destinationId" label={t('isupply.fields.destination')}>
          <Select data-testid="transfer-destination" options={pharmacies} />
        </Form.Item>
        <Form.Item name="kitNos" label={t('isupply.shipments.kitNos')}>
          <Input.TextArea rows={4} data-testid="transfer-kitNos" />
        </Form.Item>
        <Form.Item name="note" label={t('isupply.fields.note')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** A shipment lost (before or after shipping) or arrived damaged, with the reason. */
export function ShipmentLossDialog({ id, status, onClose }: { id: number; status: 'lost' | 'damaged'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const move = useMoveShipment();
  const checked = useChecked(supplyShipmentLossSchema);
  const submit = (values: { reason?: string }) => {
    const reason = values.reason?.trim() ?? '';
    return checked(form, { id, status, reason }, () => move.mutateAsync({ id, to: status, reason }), onClose);
  };
  return (
    <FormModal open width={480} title={t('isupply.shipments.lossTitle', { id, status: t(`isupply.shipmentStatus.${status}`) })} onClose={onClose} onSubmit={() => form.submit()} submitting={move.isPending} submitTestId="shipment-loss-submit">
      <Form form={form} layout="vertical" onFinish={(values: Parameters<typeof submit>[0]) => void submit(values)}>
        <Form.Item name="reason" label={t('isupply.fields.reason')}>
          <Input.TextArea rows={3} data-testid="shipment-loss-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
