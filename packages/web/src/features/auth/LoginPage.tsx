import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@dcap/core';
import { useLoginMutation } from '../../api/auth';
import { isApiError } from '../../api/errors';
import logoUrl from '../../assets/logo.svg';
import { FORGOT_PASSWORD_PATH } from '../../app/guard';
import { QrSignIn } from '../signin/QrSignIn';
import { useFinishSignIn } from '../signin/useFinishSignIn';

interface LoginValues {
  username: string;
  password: string;
}

/**
 * Sign-in (spec 000 §2.3, §5: account and password required; the refusal is shown on the form), with the
 * forgotten-password link and the QR code a signed-in phone confirms (docs/decisions.md "Sign-in channels").
 */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" style={{ width: '100%' }}>
      <div className="dcap-user-layout__title">
        <img src={logoUrl} alt={t('app.logoAlt')} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('app.name')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 32 }}>
        {t('login.subtitle')}
      </Typography.Paragraph>
      <LoginForm />
    </Flex>
  );
}

/**
 * The sign-in card, on the sign-in page and on a project's portal (spec 000 §2.3); on a portal, `projectId`
 * is the project the session enters once signed in.
 */
export function LoginForm({ projectId }: { projectId?: number } = {}) {
  const { t } = useTranslation();
  const finish = useFinishSignIn(projectId);
  const login = useLoginMutation();
  const [method, setMethod] = useState('password');

  const onFinish = async (values: LoginValues) => {
    let result;
    try {
      result = await login.mutateAsync({ username: values.username.trim(), password: values.password });
    } catch {
      return; // Shown below from the mutation's error.
    }
    // A previous user's cached data (menus, lists) must never show for the new one.
    await finish(result.token, result.user);
  };

  const failure = login.error ? (isApiError(login.error) ? login.error.msg : t('login.failed')) : null;

  return (
    <Card style={{ width: '100%', maxWidth: 400 }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
        {t('login.title')}
      </Typography.Title>
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} data-testid="login-error" />
      ) : null}
      <Tabs
        activeKey={method}
        onChange={setMethod}
        items={[
          {
            key: 'password',
            label: t('signin.tabs.password'),
            children: (
            <Form<LoginValues> layout="vertical" size="large" requiredMark={false} onFinish={(values) => void onFinish(values)}>
              <Form.Item
                name="username"
                label={t('login.username')}
                rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
              >
                <Input
                  prefix={<UserOutlined />}
                  autoComplete="username"
                  maxLength={LOGIN_NAME_MAX_LENGTH}
                  placeholder={t('login.usernamePlaceholder')}
                  data-testid="login-username"
                />
              </Form.Item>
              <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  placeholder={t('login.passwordPlaceholder')}
                  data-testid="login-password"
                />
              </Form.Item>
              <Form.Item style={{ marginBottom: 0 }}>
                <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
                  {t('login.submit')}
                </Button>
              </Form.Item>
            </Form>
            ),
          },
          { key: 'qr', label: <span data-testid="login-tab-qr">{t('signin.tabs.qr')}</span>, children: method === 'qr' ? <QrSignIn projectId={projectId} /> : null },
        ]}
      />
      <Flex justify="flex-end">
        <Link to={FORGOT_PASSWORD_PATH} data-testid="login-forgot">
          {t('signin.forgot')}
        </Link>
      </Flex>
    </Card>
  );
}
