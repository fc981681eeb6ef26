import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictKeySchema } from '@dcap/core';
import type { SysDict } from '@dcap/core';
import { useSaveDictMutation } from '../../api/library';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import type { DictFormValues } from './DictItemsField';
import { DictItemsField, toDictBody } from './DictItemsField';

const FIELDS = ['key', 'value', 'valueEn', 'items'];
const CODE_FIELDS = { 'library.dict_key_taken': 'key' };

/** Create or edit a platform dictionary (spec 001 §3.8 Dictionary: key, value, items). */
export function DictFormModal({ open, dict, onClose }: { open: boolean; dict: SysDict | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictFormValues>();
  const save = useSaveDictMutation();
  const initial: Partial<DictFormValues> = dict
    ? { key: dict.key, value: dict.value, valueEn: dict.valueEn, items: dict.items.map((item) => ({ value: item.value, label: item.label, labelEn: item.labelEn ?? '' })) }
    : { items: [{ value: '', label: '', labelEn: '' }] };

  const onFinish = async (values: DictFormValues) => {
    try {
      await save.mutateAsync({ ...(dict ? { id: dict.id } : {}), ...toDictBody(values) });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };

  return (
    <FormModal
      open={open}
      title={dict ? t('library.dicts.editTitle') : t('library.dicts.createTitle')}
      width={760}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="dict-form-submit"
    >
      <Form<DictFormValues> form={form} preserve={false} layout="vertical" initialValues={initial} onFinish={(values) => void onFinish(values)} data-testid="dict-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="key" label={t('library.dicts.key')} tooltip={t('library.dicts.keyHint')} rules={[required, schemaRule(dictKeySchema, t('library.dicts.keyHint'))]}>
              <Input data-testid="dict-form-key" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="value" label={t('library.dicts.value')} rules={[required, { max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid="dict-form-value" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="valueEn" label={t('library.dicts.valueEn')} rules={[{ max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid="dict-form-valueEn" />
            </Form.Item>
          </Col>
        </Row>
        <DictItemsField name="items" label={t('library.dicts.items')} testId="dict-form-items" />
      </Form>
    </FormModal>
  );
}
