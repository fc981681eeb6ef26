import { Alert, Descriptions, Divider, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMyUkeyQuery } from '../../api/signin';

/**
 * The signed-in user's own USB key record on the security tab, read-only: administrators issue keys and
 * record their serials (docs/decisions.md "Sign-in channels", "Signature images").
 */
export function MyUkey() {
  const { t } = useTranslation();
  const ukey = useMyUkeyQuery();
  return (
    <div data-testid="my-ukey">
      <Divider titlePlacement="start">{t('signin.ukey.mineTitle')}</Divider>
      {ukey.isError ? (
        <Alert type="warning" showIcon title={t('common.loadFailed')} />
      ) : !ukey.data ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('signin.ukey.serial')}>
              <span data-testid="my-ukey-serial">{ukey.data.serial ?? t('signin.ukey.mineNone')}</span>
            </Descriptions.Item>
            {ukey.data.boundAt ? <Descriptions.Item label={t('signin.ukey.boundAt')}>{dayjs(ukey.data.boundAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item> : null}
          </Descriptions>
          <Alert type="info" showIcon title={t('signin.ukey.mineNotice')} />
        </>
      )}
    </div>
  );
}
