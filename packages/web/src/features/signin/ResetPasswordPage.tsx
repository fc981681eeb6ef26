import { Alert, Button, Card, Flex, Form, Input, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dcap/core';
import { useRecoveryLinkQuery, useResetPasswordMutation } from '../../api/signin';
import { isApiError } from '../../api/errors';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from '../../app/guard';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { schemaRule } from '../../lib/formRules';
import { UserPageTitle } from './UserPageTitle';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * The page the recovery e-mail links to (spec 000 §5): the link is checked first, then the new password is
 * set by core's rules. A used or expired link says so and offers to ask again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useRecoveryLinkQuery(token);
  const reset = useResetPasswordMutation();
  const [form] = Form.useForm<ResetValues>();
  const newPassword = Form.useWatch('newPassword', form);
  const failure = reset.error ? (isApiError(reset.error) ? reset.error.msg : t('signin.failed')) : null;
  const invalid = token === '' || link.isError;

  let content;
  if (reset.isSuccess) {
    content = (
      <Result
        status="success"
        title={t('signin.reset.doneTitle')}
        subTitle={t('signin.reset.done')}
        extra={
          <Link to={LOGIN_PATH} data-testid="reset-to-login">
            {t('signin.backToLogin')}
          </Link>
        }
        data-testid="reset-done"
      />
    );
  } else if (invalid) {
    content = (
      <Result
        status="warning"
        title={t('signin.reset.invalidTitle')}
        subTitle={link.error && isApiError(link.error) ? link.error.msg : t('signin.reset.invalid')}
        extra={<Link to={FORGOT_PASSWORD_PATH}>{t('signin.reset.askAgain')}</Link>}
        data-testid="reset-invalid"
      />
    );
  } else if (!link.data) {
    content = <Spin />;
  } else {
    content = (
      <>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('signin.reset.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" data-testid="reset-for">
          {t('signin.reset.for', { username: link.data.username })}
        </Typography.Paragraph>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Form<ResetValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => reset.mutate({ token, ...values })}>
          <Form.Item
            name="newPassword"
            label={t('account.security.newPassword')}
            extra={<PasswordStrengthMeter password={newPassword} />}
            rules={[{ required: true, message: t('validation.required') }, schemaRule(newPasswordSchema, t('validation.passwordWeak', { min: PASSWORD_MIN_LENGTH }))]}
          >
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="reset-new" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('account.security.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('validation.required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: unknown) =>
                  !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordsDiffer'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="reset-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
            {t('signin.reset.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <Flex vertical align="center" style={{ width: '100%' }}>
      <UserPageTitle />
      <Card style={{ width: '100%', maxWidth: 440, marginTop: 32 }}>{content}</Card>
    </Flex>
  );
}
