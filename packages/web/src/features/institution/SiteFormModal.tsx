import { Col, Form, Input, Row, Select } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useTranslation } from 'react-i18next';
import { saveSiteSchema, SITE_STATUSES } from '@dcap/core';
import type { Site } from '@dcap/core';
import { useSaveSiteMutation } from '../../api/sites';
import { useUnitListQuery } from '../../api/units';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { SITE_STATUS_LABEL_KEYS } from '../../lib/projectLabels';
import { showServerErrors } from '../../lib/serverErrors';

interface SiteFormValues {
  unitId: number;
  code: string;
  name?: string | null;
  eName?: string | null;
  piName?: string | null;
  status?: Site['status'];
}

const FIELDS = ['unitId', 'code', 'name', 'eName', 'piName', 'status'];
const CODE_FIELDS = { 'site.code_taken': 'code', 'site.unit_taken': 'unitId', 'unit.disabled': 'unitId' };
const fields = saveSiteSchema.shape;

/** A project's site links a platform hospital; its name defaults to the hospital's (spec 000 §2.2 institution). */
export function SiteFormModal({ open, projectId, site, onClose }: { open: boolean; projectId: number; site: Site | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteFormValues>();
  const units = useUnitListQuery();
  const save = useSaveSiteMutation();

  const onFinish = async (values: SiteFormValues) => {
    try {
      await save.mutateAsync({
        ...(site ? { id: site.id, status: values.status } : {}),
        projectId,
        unitId: values.unitId,
        code: values.code.trim(),
        name: blankToNull(values.name),
        eName: blankToNull(values.eName),
        piName: blankToNull(values.piName),
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  // Only hospitals in use may be linked; a site keeps the hospital it already has.
  const unitOptions = (units.data ?? [])
    .filter((unit) => unit.status === 'active' || unit.id === site?.unitId)
    .map((unit) => ({ value: unit.id, label: `${unit.code} · ${unit.name}` }));

  return (
    <FormModal
      open={open}
      title={site ? t('sites.form.editTitle') : t('sites.form.createTitle')}
      width={640}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="site-form-submit"
    >
      <Form<SiteFormValues> form={form} preserve={false} layout="vertical" initialValues={site ?? {}} onFinish={(values) => void onFinish(values)} data-testid="site-form">
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="unitId" label={t('sites.fields.unit')} rules={[{ required: true, message: t('validation.required') }]} extra={t('sites.form.unitHint')}>
              <Select showSearch={{ optionFilterProp: 'label' }} loading={units.isLoading} options={unitOptions} data-testid="site-form-unit" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={t('sites.fields.code')}
              rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(fields.code, t('sites.form.codeFormat'))]}
            >
              <Input maxLength={16} data-testid="site-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="piName" label={t('sites.fields.piName')} rules={[schemaRule(fields.piName, t('validation.tooLong'))]}>
              <Input data-testid="site-form-pi" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('sites.fields.name')} rules={[schemaRule(fields.name, t('validation.tooLong'))]}>
              <Input placeholder={t('sites.form.nameDefault')} data-testid="site-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="eName" label={t('sites.fields.eName')} rules={[schemaRule(fields.eName, t('validation.tooLong'))]}>
              <Input placeholder={t('sites.form.nameDefault')} data-testid="site-form-ename" />
            </Form.Item>
          </Col>
          {site ? (
            <Col xs={24} md={12}>
              <Form.Item name="status" label={t('sites.fields.status')}>
                <Select options={SITE_STATUSES.map((status) => ({ value: status, label: t(SITE_STATUS_LABEL_KEYS[status]) }))} data-testid="site-form-status" />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
    </FormModal>
  );
}
