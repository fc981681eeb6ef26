import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignEntry } from './useDesignAccess';

/**
 * A project without a usable development environment: design cannot be edited (spec 000 §4.3), so the user
 * is told why and, with the right to manage environments, offered to create one in one click.
 */
export function DesignEntryNotice({ entry }: { entry: DesignEntry }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('designer.entry.noDevEnvTitle')}
      subTitle={t(entry.canCreateDevEnv ? 'designer.entry.noDevEnvCreate' : 'designer.entry.noDevEnvAsk')}
      data-testid="design-no-dev-env"
      extra={
        entry.canCreateDevEnv ? (
          <Button type="primary" loading={entry.creating} onClick={() => void entry.createDevEnv().catch(() => undefined)} data-testid="design-create-dev-env">
            {t('designer.entry.createDevEnv')}
          </Button>
        ) : null
      }
    />
  );
}
