import { Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '@dcap/core';
import { AREA_CODE_PATTERN, areaDescendants } from '@dcap/core';
import { useSaveAreaMutation } from '../../api/areas';
import { FormModal } from '../../components/FormModal';
import { showServerErrors } from '../../lib/serverErrors';
import { AreaTreeSelect, areaLabel } from './AreaTreeSelect';

export type AreaEditor = { mode: 'closed' } | { mode: 'create'; parent: Area | null } | { mode: 'edit'; area: Area };

interface AreaFormValues {
  code: string;
  parentId: number | null;
  name: string;
  nameEn: string;
  sort: number | null;
  longitude: number | null;
  latitude: number | null;
  enabled: boolean;
}

const FIELDS = ['code', 'parentId', 'name', 'nameEn', 'sort', 'longitude', 'latitude'];
const CODE_FIELDS = {
  'area.code_taken': 'code',
  'area.parent_is_self': 'parentId',
  'area.parent_is_descendant': 'parentId',
  'area.too_deep': 'parentId',
  'area.parent_missing': 'parentId',
  'area.point_half': 'latitude',
};

/** Create an area (at the top or under a parent) or edit one, moving it by choosing another parent. */
export function AreaFormModal({ editor, areas, onClose }: { editor: AreaEditor; areas: readonly Area[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<AreaFormValues>();
  const save = useSaveAreaMutation();
  const editing = editor.mode === 'edit' ? editor.area : null;
  const initial: Partial<AreaFormValues> = editing
    ? { ...editing, parentId: editing.parentId }
    : { parentId: editor.mode === 'create' ? (editor.parent?.id ?? null) : null, enabled: true, sort: 0 };
  // An area cannot move under itself or its own sub-areas; the server refuses it too.
  const blocked = useMemo(() => (editing ? new Set([editing.id, ...areaDescendants(areas, editing.id)]) : new Set<number>()), [areas, editing]);
  const disabled = useMemo(() => (area: Area) => blocked.has(area.id), [blocked]);

  const onFinish = async (values: AreaFormValues) => {
    const point = { longitude: values.longitude ?? null, latitude: values.latitude ?? null };
    const body = { code: values.code.trim(), parentId: values.parentId ?? null, name: values.name.trim(), nameEn: values.nameEn.trim(), sort: values.sort ?? 0, ...point, enabled: values.enabled };
    try {
      await save.mutateAsync(editing ? { ...body, id: editing.id } : body);
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.required') };
  const title =
    editor.mode === 'edit' ? t('areas.form.editTitle') : editor.mode === 'create' && editor.parent ? t('areas.form.childTitle', { parent: areaLabel(editor.parent, i18n.language === 'en-US' ? 'en-US' : 'zh-CN') }) : t('areas.form.createTitle');
  const pointRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_rule: unknown, value: unknown) => ((value ?? null) === null) === ((getFieldValue('longitude') ?? null) === null) ? Promise.resolve() : Promise.reject(new Error(t('areas.form.pointHalf'))),
  });

  return (
    <FormModal open={editor.mode !== 'closed'} title={title} width={640} onClose={onClose} onSubmit={() => form.submit()} submitting={save.isPending} submitTestId="area-form-submit">
      <Form<AreaFormValues> form={form} preserve={false} layout="vertical" initialValues={initial} onFinish={(values) => void onFinish(values)} data-testid="area-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('areas.fields.code')} rules={[required, { pattern: AREA_CODE_PATTERN, message: t('areas.form.codeFormat') }]}>
              <Input data-testid="area-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="parentId" label={t('areas.fields.parent')}>
              <AreaTreeSelect areas={areas} disabled={disabled} placeholder={t('areas.form.root')} testId="area-form-parent" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('areas.fields.name')} rules={[required, { max: 100, message: t('validation.tooLong') }]}>
              <Input data-testid="area-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nameEn" label={t('areas.fields.nameEn')} rules={[required, { max: 100, message: t('validation.tooLong') }]}>
              <Input data-testid="area-form-name-en" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="longitude" label={t('areas.fields.longitude')}>
              <InputNumber min={-180} max={180} step={0.01} style={{ width: '100%' }} data-testid="area-form-longitude" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="latitude" label={t('areas.fields.latitude')} dependencies={['longitude']} rules={[pointRule]}>
              <InputNumber min={-90} max={90} step={0.01} style={{ width: '100%' }} data-testid="area-form-latitude" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="sort" label={t('areas.fields.sort')}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="area-form-sort" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="enabled" label={t('areas.fields.enabled')} valuePropName="checked">
              <Switch data-testid="area-form-enabled" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Typography.Text type="secondary">{t('areas.form.pointHint')}</Typography.Text>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
