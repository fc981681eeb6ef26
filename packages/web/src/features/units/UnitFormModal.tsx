import { Col, Form, Input, Row } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useTranslation } from 'react-i18next';
import { createUnitSchema } from '@dcap/core';
import type { Area, Unit } from '@dcap/core';
import { useAreaListQuery } from '../../api/areas';
import { AreaTreeSelect } from '../areas/AreaTreeSelect';
import { useCreateUnitMutation, useUpdateUnitMutation } from '../../api/units';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';

interface UnitFormValues {
  code: string;
  name: string;
  eName?: string | null;
  province?: string | null;
  city?: string | null;
  address?: string | null;
  areaId?: number | null;
}

const FIELDS = ['code', 'name', 'eName', 'province', 'city', 'address', 'areaId'];
const CODE_FIELDS = { 'unit.code_taken': 'code', 'area.disabled': 'areaId', 'area.not_found': 'areaId' };
const fields = createUnitSchema.shape;

/** Create or edit a hospital; its status is changed from the list. */
export function UnitFormModal({ open, unit, onClose }: { open: boolean; unit: Unit | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UnitFormValues>();
  const create = useCreateUnitMutation();
  const update = useUpdateUnitMutation();
  const areas = useAreaListQuery();
  // A disabled area cannot be chosen, but the one the unit already names stays selectable.
  const areaDisabled = (area: Area) => !area.enabled && area.id !== unit?.areaId;

  const onFinish = async (values: UnitFormValues) => {
    const body = {
      code: values.code.trim(),
      name: values.name.trim(),
      eName: blankToNull(values.eName),
      province: blankToNull(values.province),
      city: blankToNull(values.city),
      address: blankToNull(values.address),
      areaId: values.areaId ?? null,
    };
    try {
      if (unit) await update.mutateAsync({ ...body, id: unit.id, status: unit.status });
      else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.required') };
  const limit = (name: keyof typeof fields) => schemaRule(fields[name], t('validation.tooLong'));

  return (
    <FormModal
      open={open}
      title={unit ? t('units.form.editTitle') : t('units.form.createTitle')}
      width={640}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={create.isPending || update.isPending}
      submitTestId="unit-form-submit"
    >
      <Form<UnitFormValues> form={form} preserve={false} layout="vertical" initialValues={unit ?? {}} onFinish={(values) => void onFinish(values)} data-testid="unit-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('units.fields.code')} rules={[required, limit('code')]}>
              <Input data-testid="unit-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('units.fields.name')} rules={[required, limit('name')]}>
              <Input data-testid="unit-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="eName" label={t('units.fields.eName')} rules={[limit('eName')]}>
              <Input data-testid="unit-form-ename" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="province" label={t('units.fields.province')} rules={[limit('province')]}>
              <Input data-testid="unit-form-province" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="city" label={t('units.fields.city')} rules={[limit('city')]}>
              <Input data-testid="unit-form-city" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="areaId" label={t('units.fields.area')}>
              <AreaTreeSelect areas={areas.data?.areas ?? []} disabled={areaDisabled} placeholder={t('units.fields.areaNone')} testId="unit-form-area" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('units.fields.address')} rules={[limit('address')]}>
              <Input data-testid="unit-form-address" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
