import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../lib/confirm';

/** Every library deletion asks first, naming what goes. */
export function useDeleteConfirm(): (name: string, remove: () => Promise<unknown>) => void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return (name, remove) => {
    confirm({ title: t('library.common.deleteTitle'), content: t('library.common.deleteContent', { name }), danger: true, okText: t('common.delete'), onOk: remove });
  };
}
