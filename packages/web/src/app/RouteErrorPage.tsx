import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PATH } from './guard';

/**
 * A route that failed to render or whose chunk failed to load (for instance after a new release replaced
 * the files). A full reload fetches the current files, so the actions reload rather than navigate in-app.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={t('error.routeTitle')}
      subTitle={t('error.routeDescription')}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>,
        <Button key="home" onClick={() => window.location.assign(DASHBOARD_PATH)}>
          {t('common.backHome')}
        </Button>,
      ]}
    />
  );
}
