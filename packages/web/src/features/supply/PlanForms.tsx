import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { supplyDosingSaveSchema, supplyKitTypeSaveSchema, supplyProductSaveSchema, supplyResupplySaveSchema } from '@dcap/core';
import type { SupplyKitType, SupplyLocation, SupplyPlan, SupplyProduct } from '@dcap/core';
import { FormModal } from '../../components/FormModal';
import { blankToNull } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { useSaveDosing, useSaveKitType, useSaveProduct, useSaveResupply } from './api';
import { kitTypeName, localeOf, locationName, schemaProblems } from './labels';

/** Optional names travel absent rather than empty. */
function optional(values: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (keys.includes(key) ? (blankToNull(value as string | null | undefined) === null ? [] : [[key, blankToNull(value as string)]]) : [[key, value]])));
}

/**
 * Checks the values with core's request schema first (so the browser refuses what the server would, in the
 * same words), then saves; the server's own complaints land on the fields too.
 */
function useSchemaSubmit<S extends z.ZodType>(form: FormInstance, schema: S, labelKeys: Record<string, string>, save: (body: z.output<S>) => Promise<unknown>, onDone: () => void) {
  const { t, i18n } = useTranslation();
  const labels = Object.fromEntries(Object.entries(labelKeys).map(([field, key]) => [field, t(key)]));
  return async (values: unknown) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      form.setFields(schemaProblems(schema, values, labels, localeOf(i18n.language)));
      return;
    }
    try {
      await save(parsed.data);
      onDone();
    } catch (error) {
      if (!showServerErrors(form, error, Object.keys(labelKeys), { 'supply.code_taken': 'code' })) form.setFields([{ name: Object.keys(labelKeys)[0] ?? '', errors: [error instanceof Error ? error.message : String(error)] }]);
    }
  };
}

interface FormProps<T> {
  initial: T | null;
  onClose: () => void;
}

const PRODUCT_LABELS = { code: 'isupply.fields.code', name: 'isupply.fields.name', nameEn: 'isupply.fields.nameEn', dosageForm: 'isupply.fields.dosageForm', strength: 'isupply.fields.strength', unit: 'isupply.fields.unit' };

export function ProductForm({ initial, onClose }: FormProps<SupplyProduct>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSaveProduct();
  const submit = useSchemaSubmit(form, supplyProductSaveSchema, PRODUCT_LABELS, save.mutateAsync, onClose);
  return (
    <FormModal open title={t('isupply.plan.productTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="product-save">
      <Form form={form} layout="vertical" initialValues={initial ?? {}} onFinish={(values: Record<string, string>) => void submit({ ...(initial ? { id: initial.id } : {}), ...optional(values, 'nameEn') })}>
        {Object.entries(PRODUCT_LABELS).map(([field, key]) => (
          <Form.Item key={field} name={field} label={t(key)}>
            <Input data-testid={`product-${field}`} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}

const KIT_TYPE_LABELS = {
  code: 'isupply.fields.code',
  name: 'isupply.fields.name',
  nameEn: 'isupply.fields.nameEn',
  blindedName: 'isupply.fields.blindedName',
  blindedNameEn: 'isupply.fields.blindedNameEn',
  arm: 'isupply.fields.arm',
  productId: 'isupply.fields.product',
  unitsPerKit: 'isupply.fields.unitsPerKit',
};

export function KitTypeForm({ initial, products, onClose }: FormProps<SupplyKitType> & { products: SupplyProduct[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSaveKitType();
  const submit = useSchemaSubmit(form, supplyKitTypeSaveSchema, KIT_TYPE_LABELS, save.mutateAsync, onClose);
  const text = (field: string) => (
    <Form.Item key={field} name={field} label={t(KIT_TYPE_LABELS[field as keyof typeof KIT_TYPE_LABELS])}>
      <Input data-testid={`kit-type-${field}`} />
    </Form.Item>
  );
  return (
    <FormModal open title={t('isupply.plan.kitTypeTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="kit-type-save">
      <Form
        form={form}
        layout="vertical"
        initialValues={initial ?? { unitsPerKit: 1 }}
        onFinish={(values: Record<string, unknown>) => void submit({ ...(initial ? { id: initial.id } : {}), ...optional(values, 'nameEn', 'blindedNameEn') })}
      >
        {['code', 'name', 'nameEn', 'blindedName', 'blindedNameEn', 'arm'].map(text)}
        <Form.Item name="productId" label={t('isupply.fields.product')}>
          <Select data-testid="kit-type-productId" options={products.map((product) => ({ value: product.id, label: `${product.code} ${product.name}` }))} />
        </Form.Item>
        <Form.Item name="unitsPerKit" label={t('isupply.fields.unitsPerKit')}>
          <InputNumber min={1} data-testid="kit-type-unitsPerKit" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

const DOSING_LABELS = { eventId: 'isupply.fields.event', arm: 'isupply.fields.arm', lines: 'isupply.fields.kitType' };

export interface DosingInitial {
  eventId?: number;
  arm?: string;
  lines: { kitTypeId?: number; quantity?: number }[];
}

/** What a subject of one arm gets at one visit; all lines are saved at once. */
export function DosingForm({ initial, plan, events, onClose }: FormProps<DosingInitial> & { plan: SupplyPlan; events: { id: number; name: string; nameEn: string | null }[] }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm();
  const save = useSaveDosing();
  const submit = useSchemaSubmit(form, supplyDosingSaveSchema, DOSING_LABELS, save.mutateAsync, onClose);
  const arm = Form.useWatch<string | undefined>('arm', form);
  const arms = [...new Set(plan.kitTypes.flatMap((type) => (type.arm ? [type.arm] : [])))];
  const types = plan.kitTypes.filter((type) => arm === undefined || type.arm === arm);
  return (
    <FormModal open title={t('isupply.plan.dosingTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="dosing-save">
      <Form form={form} layout="vertical" initialValues={initial ?? { lines: [{}] }} onFinish={(values: Record<string, unknown>) => void submit(values)}>
        <Form.Item name="eventId" label={t('isupply.fields.event')}>
          <Select data-testid="dosing-eventId" options={events.map((event) => ({ value: event.id, label: locale === 'en-US' ? (event.nameEn ?? event.name) : event.name }))} />
        </Form.Item>
        <Form.Item name="arm" label={t('isupply.fields.arm')}>
          <Select data-testid="dosing-arm" options={arms.map((code) => ({ value: code, label: code }))} />
        </Form.Item>
        <Typography.Text type="secondary">{t('isupply.plan.noLines')}</Typography.Text>
        <Form.List name="lines">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'kitTypeId']} label={t('isupply.fields.kitType')}>
                    <Select style={{ width: 220 }} data-testid={`dosing-kitType-${String(field.name)}`} options={types.map((type) => ({ value: type.id, label: kitTypeName(type, locale) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} label={t('isupply.fields.quantity')}>
                    <InputNumber min={1} data-testid={`dosing-quantity-${String(field.name)}`} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} data-testid="dosing-add-line">
                {t('isupply.plan.addLine')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}

const RESUPPLY_LABELS = {
  locationId: 'isupply.fields.location',
  kitTypeId: 'isupply.fields.kitType',
  triggerLevel: 'isupply.fields.triggerLevel',
  targetLevel: 'isupply.fields.targetLevel',
  predictiveDays: 'isupply.fields.predictiveDays',
};

export interface ResupplyInitial {
  locationId?: number;
  kitTypeId?: number;
  triggerLevel?: number;
  targetLevel?: number;
  predictiveDays?: number;
}

/** A site pharmacy's trigger and target levels and predictive window for one kit type. */
export function ResupplyForm({ initial, plan, locations, onClose }: FormProps<ResupplyInitial> & { plan: SupplyPlan; locations: SupplyLocation[] }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm();
  const save = useSaveResupply();
  const submit = useSchemaSubmit(form, supplyResupplySaveSchema, RESUPPLY_LABELS, save.mutateAsync, onClose);
  return (
    <FormModal open title={t('isupply.plan.resupplyTitle')} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="resupply-save">
      <Form form={form} layout="vertical" initialValues={initial ?? { predictiveDays: 0 }} onFinish={(values: Record<string, unknown>) => void submit(values)}>
        <Form.Item name="locationId" label={t('isupply.fields.location')}>
          <Select data-testid="resupply-locationId" options={locations.filter((location) => location.kind === 'site').map((location) => ({ value: location.id, label: locationName(location, locale) }))} />
        </Form.Item>
        <Form.Item name="kitTypeId" label={t('isupply.fields.kitType')}>
          <Select data-testid="resupply-kitTypeId" options={plan.kitTypes.map((type) => ({ value: type.id, label: kitTypeName(type, locale) }))} />
        </Form.Item>
        {(['triggerLevel', 'targetLevel', 'predictiveDays'] as const).map((field) => (
          <Form.Item key={field} name={field} label={t(RESUPPLY_LABELS[field])}>
            <InputNumber data-testid={`resupply-${field}`} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
