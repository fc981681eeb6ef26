import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../app/guard';

/** Shown in place of a page the user's menus do not grant; the server refuses its calls as well. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="forbidden">
      <Result
        status="403"
        title="403"
        subTitle={t('exception.forbidden')}
        extra={
          <Button type="primary" onClick={() => void navigate(DASHBOARD_PATH)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
