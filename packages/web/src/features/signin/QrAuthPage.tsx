import { Alert, Button, Card, Descriptions, Flex, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QR_AUTH_PATH } from '@dcap/core';
import { useQrDecisionMutation, useQrInfoQuery } from '../../api/signin';
import { isApiError } from '../../api/errors';
import { signInPathFor } from '../../app/guard';
import { useServices } from '../../app/services';
import { UserPageTitle } from './UserPageTitle';

/**
 * `/webApp/auth?id=…` (spec 000 §2.2): the phone, already signed in, sees where and when a computer asked to
 * sign in and confirms or refuses. Without a session it offers to sign in first and come back.
 */
export function QrAuthPage() {
  const { t, i18n } = useTranslation();
  const { session } = useServices();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const signedIn = session.getToken() !== null;
  const info = useQrInfoQuery(id, signedIn);
  const decide = useQrDecisionMutation(id);
  const shown = decide.data ?? info.data;
  const failure = decide.error ?? info.error;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  let content;
  if (!signedIn) {
    content = (
      <Result
        status="info"
        title={t('signin.qrAuth.signInFirst')}
        extra={
          <Link to={signInPathFor({ pathname: QR_AUTH_PATH, search: `?id=${encodeURIComponent(id)}` })} data-testid="qr-auth-sign-in">
            {t('login.submit')}
          </Link>
        }
      />
    );
  } else if (decide.data?.state === 'confirmed') {
    content = <Result status="success" title={t('signin.qrAuth.confirmed')} data-testid="qr-auth-confirmed" />;
  } else if (decide.data?.state === 'refused') {
    content = <Result status="info" title={t('signin.qrAuth.refused')} data-testid="qr-auth-refused" />;
  } else if (failure && !shown) {
    content = <Result status="warning" title={isApiError(failure) ? failure.msg : t('signin.failed')} data-testid="qr-auth-error" />;
  } else if (!shown) {
    content = <Spin />;
  } else if (shown.state !== 'pending') {
    content = <Result status="warning" title={t('signin.qrAuth.closed')} subTitle={t(`signin.qrAuth.states.${shown.state}`)} data-testid="qr-auth-closed" />;
  } else {
    content = (
      <>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('signin.qrAuth.title')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('signin.qrAuth.warning')} style={{ marginBottom: 16 }} />
        <Descriptions column={1} size="small" layout="vertical" bordered>
          <Descriptions.Item label={t('signin.qrAuth.requestedAt')}>{when(shown.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('signin.qrAuth.expiresAt')}>{when(shown.expiresAt)}</Descriptions.Item>
          <Descriptions.Item label={t('signin.qrAuth.device')}>
            <span data-testid="qr-auth-device">{shown.device}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('signin.qrAuth.address')}>{shown.ip}</Descriptions.Item>
          <Descriptions.Item label={t('signin.qrAuth.browser')}>{shown.userAgent ?? '—'}</Descriptions.Item>
        </Descriptions>
        {decide.error ? <Alert type="error" showIcon title={isApiError(decide.error) ? decide.error.msg : t('signin.failed')} style={{ marginTop: 16 }} /> : null}
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={decide.isPending} onClick={() => decide.mutate(true)} data-testid="qr-auth-confirm">
            {t('signin.qrAuth.confirm')}
          </Button>
          <Button danger disabled={decide.isPending} onClick={() => decide.mutate(false)} data-testid="qr-auth-refuse">
            {t('signin.qrAuth.refuse')}
          </Button>
        </Space>
      </>
    );
  }

  return (
    <Flex vertical align="center" style={{ width: '100%' }}>
      <UserPageTitle />
      <Card style={{ width: '100%', maxWidth: 480, marginTop: 32 }}>{content}</Card>
    </Flex>
  );
}
