import { Col, Form, Input, Row } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictKeySchema } from '@dcap/core';
import type { DictEntry } from '@dcap/core';
import { useSaveProjectDictMutation } from '../../api/projectDicts';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import type { DictFormValues } from '../library/DictItemsField';
import { DictItemsField, toDictBody } from '../library/DictItemsField';

const FIELDS = ['key', 'value', 'valueEn', 'items'];
const CODE_FIELDS = { 'library.dict_key_platform': 'key', 'library.dict_key_taken': 'key' };

interface ProjectDictFormModalProps {
  open: boolean;
  projectId: number;
  /** The dictionary edited, or null to create one. */
  dict: DictEntry | null;
  /** Keys already used (the project's and the platform's), refused for a new dictionary. */
  takenKeys: { project: readonly string[]; platform: readonly string[] };
  onClose: () => void;
}

/**
 * Create or edit a project dictionary (spec 001 §3.8: key, value, items). The server saves by key and
 * replaces a dictionary with the same key, so the key is fixed once the dictionary exists and a new one
 * may not reuse a key: that would overwrite, not create.
 */
export function ProjectDictFormModal({ open, projectId, dict, takenKeys, onClose }: ProjectDictFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictFormValues>();
  const save = useSaveProjectDictMutation();
  const initial: Partial<DictFormValues> = dict
    ? { key: dict.key, value: dict.value, valueEn: dict.valueEn, items: dict.items.map((item) => ({ value: item.value, label: item.label, labelEn: item.labelEn ?? '' })) }
    : { items: [{ value: '', label: '', labelEn: '' }] };

  const keyFree: FormRule = {
    validator: (_rule, value: unknown) => {
      if (dict || typeof value !== 'string') return Promise.resolve();
      const key = value.trim().toLowerCase();
      const owner = takenKeys.platform.some((taken) => taken.toLowerCase() === key)
        ? 'platform'
        : takenKeys.project.some((taken) => taken.toLowerCase() === key)
          ? 'project'
          : null;
      if (owner === null) return Promise.resolve();
      return Promise.reject(new Error(t(owner === 'platform' ? 'design.dicts.keyPlatform' : 'design.dicts.keyTaken', { key: value.trim() })));
    },
  };

  const onFinish = async (values: DictFormValues) => {
    try {
      await save.mutateAsync({ projectId, ...toDictBody(values) });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };

  return (
    <FormModal
      open={open}
      title={dict ? t('design.dicts.editTitle', { key: dict.key }) : t('design.dicts.createTitle')}
      width={760}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="project-dict-form-submit"
    >
      <Form<DictFormValues>
        form={form}
        preserve={false}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void onFinish(values)}
        data-testid="project-dict-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="key"
              label={t('library.dicts.key')}
              tooltip={dict ? t('design.dicts.keyFixed') : t('library.dicts.keyHint')}
              rules={[required, schemaRule(dictKeySchema, t('library.dicts.keyHint')), keyFree]}
            >
              <Input disabled={dict !== null} data-testid="project-dict-form-key" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="value" label={t('library.dicts.value')} rules={[required, { max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid="project-dict-form-value" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="valueEn" label={t('library.dicts.valueEn')} rules={[{ max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid="project-dict-form-valueEn" />
            </Form.Item>
          </Col>
        </Row>
        <DictItemsField name="items" label={t('library.dicts.items')} testId="project-dict-form-items" />
      </Form>
    </FormModal>
  );
}
