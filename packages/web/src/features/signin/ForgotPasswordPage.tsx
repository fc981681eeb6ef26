import { Alert, Button, Card, Flex, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_NAME_MAX_LENGTH } from '@dcap/core';
import { useRecoveryMutation } from '../../api/signin';
import { isApiError } from '../../api/errors';
import { LOGIN_PATH } from '../../app/guard';
import { UserPageTitle } from './UserPageTitle';

/**
 * "Forgot password" (spec 000 §5, §7.1 `POST /dcap/user/password/recovery`): the user gives their login name
 * or e-mail address; the answer is the same whether or not an account exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const recovery = useRecoveryMutation();
  const failure = recovery.error ? (isApiError(recovery.error) ? recovery.error.msg : t('signin.failed')) : null;

  return (
    <Flex vertical align="center" style={{ width: '100%' }}>
      <UserPageTitle />
      <Card style={{ width: '100%', maxWidth: 440, marginTop: 32 }}>
        {recovery.isSuccess ? (
          <Result
            status="success"
            title={t('signin.recovery.sentTitle')}
            subTitle={t('signin.recovery.sent')}
            extra={<Link to={LOGIN_PATH}>{t('signin.backToLogin')}</Link>}
            data-testid="recovery-sent"
          />
        ) : (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {t('signin.recovery.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('signin.recovery.intro')}</Typography.Paragraph>
            {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
            <Form<{ login: string }> layout="vertical" requiredMark={false} onFinish={(values) => recovery.mutate({ login: values.login.trim() })}>
              <Form.Item name="login" label={t('signin.recovery.login')} rules={[{ required: true, whitespace: true, message: t('signin.recovery.loginRequired') }]}>
                <Input autoComplete="username" maxLength={LOGIN_NAME_MAX_LENGTH} data-testid="recovery-login" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={recovery.isPending} data-testid="recovery-submit">
                {t('signin.recovery.submit')}
              </Button>
            </Form>
            <div style={{ marginTop: 16 }}>
              <Link to={LOGIN_PATH}>{t('signin.backToLogin')}</Link>
            </div>
          </>
        )}
      </Card>
    </Flex>
  );
}
