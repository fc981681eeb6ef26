import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@dcap/core';
import type { Locale } from '@dcap/core';
import { currentLocale, toLocale } from '../../i18n';
import { switchLocale } from '../../i18n/language';
import { useServices } from '../services';

/** Each language is named in itself, so a reader of either can find their own. */
const LANGUAGE_LABEL_KEYS: Record<Locale, string> = { 'zh-CN': 'language.zhCN', 'en-US': 'language.enUS' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  const locale = currentLocale(i18n);

  const items: MenuProps['items'] = LOCALES.map((option) => ({
    key: option,
    label: <span data-testid={`lang-${option}`}>{t(LANGUAGE_LABEL_KEYS[option])}</span>,
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const next = toLocale(key);
    if (next && next !== locale) void switchLocale(i18n, storage, next);
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick, selectable: true, selectedKeys: [locale] }}>
      <span
        className="dcap-header__action"
        role="button"
        tabIndex={0}
        aria-label={t('language.switch')}
        data-testid="lang-switch"
      >
        <GlobalOutlined />
        {t(LANGUAGE_LABEL_KEYS[locale])}
      </span>
    </Dropdown>
  );
}
