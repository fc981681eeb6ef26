import { Alert, Button, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignEditability } from './editability';
import { LOCK_REASON_KEYS } from './editability';

type DesignButtonProps = ButtonProps & { lock: DesignEditability; 'data-testid': string };

/**
 * A button that changes design: disabled while design is locked, with the reason as its tooltip, so a user
 * sees why rather than a control that silently does nothing.
 */
export function DesignButton({ lock, disabled, ...props }: DesignButtonProps) {
  const { t } = useTranslation();
  if (lock.editable) return <Button {...props} disabled={disabled} />;
  return (
    <Tooltip title={t(LOCK_REASON_KEYS[lock.reason])}>
      <Button {...props} disabled />
    </Tooltip>
  );
}

/** The page-level notice of a locked design, above the tables. */
export function DesignLockNotice({ lock }: { lock: DesignEditability }) {
  const { t } = useTranslation();
  if (lock.editable) return null;
  return <Alert type="info" showIcon title={t(LOCK_REASON_KEYS[lock.reason])} data-testid="design-locked" />;
}
