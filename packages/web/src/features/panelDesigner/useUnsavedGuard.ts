import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { testButton } from './buttonProps';

/** Spec 001 §4.1 unsaved-changes mark: leaving the page or the route with unsaved changes asks first. */
export function useUnsavedGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('designer.leaveTitle'),
      content: t('designer.leaveWarning'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: testButton('confirm-ok'),
      cancelButtonProps: testButton('confirm-cancel'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
}
