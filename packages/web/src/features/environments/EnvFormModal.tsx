import { Form, Input, Select } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useTranslation } from 'react-i18next';
import { createEnvSchema, ENV_TYPES, isValidEnvKey } from '@dcap/core';
import type { EnvType, Environment } from '@dcap/core';
import { useCreateEnvMutation, useUpdateEnvMutation } from '../../api/environments';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { ENV_TYPE_LABEL_KEYS } from '../../lib/projectLabels';
import { showServerErrors } from '../../lib/serverErrors';

interface EnvFormValues {
  type: EnvType;
  key: string;
  name: string;
  eName?: string | null;
}

const FIELDS = ['type', 'key', 'name', 'eName'];
const CODE_FIELDS = { 'env.key_taken': 'key' };

interface EnvFormModalProps {
  open: boolean;
  projectId: number;
  /** The environment being renamed; absent when creating one. */
  env: Environment | null;
  onClose: () => void;
}

/**
 * Create an environment or rename one. A standard environment's key is its type; only sde environments
 * choose their own key (core's `isValidEnvKey`).
 */
export function EnvFormModal({ open, projectId, env, onClose }: EnvFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnvFormValues>();
  const type = Form.useWatch('type', form);
  const create = useCreateEnvMutation();
  const update = useUpdateEnvMutation();
  const editing = env !== null;

  const onFinish = async (values: EnvFormValues) => {
    try {
      if (env) {
        await update.mutateAsync({ projectId, id: env.id, name: values.name.trim(), eName: blankToNull(values.eName) });
      } else {
        const key = values.type === 'sde' ? values.key.trim() : values.type;
        await create.mutateAsync({ projectId, key, type: values.type, name: values.name.trim(), eName: blankToNull(values.eName) });
      }
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  return (
    <FormModal
      open={open}
      title={editing ? t('envs.form.editTitle') : t('envs.form.createTitle')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={create.isPending || update.isPending}
      submitTestId="env-form-submit"
    >
      <Form<EnvFormValues>
        form={form}
        preserve={false}
        layout="vertical"
        initialValues={env ?? { type: 'dev', key: 'dev' }}
        onValuesChange={(changed: Partial<EnvFormValues>) => {
          if (changed.type && changed.type !== 'sde') form.setFieldValue('key', changed.type);
          if (changed.type === 'sde') form.setFieldValue('key', 'sde');
        }}
        onFinish={(values) => void onFinish(values)}
        data-testid="env-form"
      >
        <Form.Item name="type" label={t('envs.fields.type')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select disabled={editing} options={ENV_TYPES.map((value) => ({ value, label: t(ENV_TYPE_LABEL_KEYS[value]) }))} data-testid="env-form-type" />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('envs.fields.key')}
          extra={type === 'sde' ? t('envs.form.sdeKeyHint') : t('envs.form.keyIsType')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            {
              validator: (_rule, value: unknown) =>
                editing || (typeof value === 'string' && isValidEnvKey(value.trim(), form.getFieldValue('type') as EnvType))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('envs.form.keyFormat'))),
            },
          ]}
        >
          <Input disabled={editing || type !== 'sde'} maxLength={20} data-testid="env-form-key" />
        </Form.Item>
        <Form.Item name="name" label={t('envs.fields.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(createEnvSchema.shape.name, t('validation.tooLong'))]}>
          <Input data-testid="env-form-name" />
        </Form.Item>
        <Form.Item name="eName" label={t('envs.fields.eName')} rules={[schemaRule(createEnvSchema.shape.eName, t('validation.tooLong'))]}>
          <Input data-testid="env-form-ename" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
