import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../app/guard';

/** Every unmatched path lands here (spec 000 §2.2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('exception.notFound')}
      extra={
        <Button type="primary" onClick={() => void navigate(DASHBOARD_PATH)} data-testid="back-home">
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
