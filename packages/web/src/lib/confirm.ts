import { App } from 'antd';
import type { ButtonProps } from 'antd';
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type TestableButton = ButtonProps & Record<'data-testid', string>;

/** Test ids on the dialog's buttons, so browser journeys can confirm or cancel any confirmation. */
const OK_BUTTON: TestableButton = { 'data-testid': 'confirm-ok' };
const CANCEL_BUTTON: TestableButton = { 'data-testid': 'confirm-cancel' };

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  /** Failures are reported by the API client's notice; the dialog closes either way. */
  onOk: () => Promise<unknown> | undefined;
}

/** Every switch and lifecycle action asks first (spec 000 §5: switching role or project requires a confirmation). */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    ({ title, content, okText, danger, onOk }: ConfirmOptions) => {
      modal.confirm({
        title,
        content,
        okText: okText ?? t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { ...OK_BUTTON, danger: danger === true },
        cancelButtonProps: CANCEL_BUTTON,
        onOk: async () => {
          try {
            await onOk();
          } catch {
            // Reported by the client's notification.
          }
        },
      });
    },
    [modal, t],
  );
}

/** Runs a call whose failure the client has already reported. */
export async function settle(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}
