import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dcap/core';
import type { ChangePasswordRequest } from '@dcap/core';
import { useChangePasswordMutation } from '../../api/account';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
/** Refusals that carry only a catalogue code, and the field they are about. */
const CODE_FIELDS = { 'auth.wrong_old_password': 'oldPassword', 'auth.password_reused': 'newPassword' };

interface SecuritySettingsProps {
  /** Called once the server accepted the new password. */
  onChanged?: () => void;
  /** The label of the current password, when it is not one the user chose (after an administrator's reset). */
  oldPasswordLabel?: string;
  submitLabel?: string;
}

/**
 * The security tab: change one's own password (spec 000 §5: strength levels, confirmation must match). The
 * change-password page after an administrator's reset uses the same form.
 */
export function SecuritySettings({ onChanged, oldPasswordLabel, submitLabel }: SecuritySettingsProps = {}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const newPassword = Form.useWatch('newPassword', form);
  const change = useChangePasswordMutation();

  const onFinish = async (values: ChangePasswordRequest) => {
    try {
      await change.mutateAsync(values);
      form.resetFields();
      onChanged?.();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  return (
    <Form<ChangePasswordRequest>
      form={form}
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      data-testid="password-form"
    >
      <Form.Item
        name="oldPassword"
        label={oldPasswordLabel ?? t('account.security.oldPassword')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('account.security.newPassword')}
        extra={<PasswordStrengthMeter password={newPassword} />}
        rules={[
          { required: true, message: t('validation.required') },
          schemaRule(newPasswordSchema, t('validation.passwordWeak', { min: PASSWORD_MIN_LENGTH })),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.security.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('validation.required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.passwordsDiffer'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="password-confirm" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {submitLabel ?? t('account.security.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
