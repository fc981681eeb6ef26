import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FONT_SIZES, FONT_SIZE_PX } from '@dcap/core';
import type { FontSize } from '@dcap/core';
import { usePreferencesQuery, useSavePreferencesMutation } from '../../api/preferences';
import { applyFontSize, currentFontSize } from './fontSize';
import { useEffect } from 'react';

const SIZE_KEYS: Record<FontSize, string> = {
  small: 'account.custom.small',
  medium: 'account.custom.medium',
  large: 'account.custom.large',
};

/**
 * The custom tab (spec 000 §2.3): the interface font size, small (12 px, the spec's default), medium or
 * large. A choice applies app-wide at once and is saved on the server for the user's other browsers.
 */
export function CustomSettings() {
  const { t } = useTranslation();
  const preferences = usePreferencesQuery();
  const save = useSavePreferencesMutation();
  const stored = preferences.data?.fontSize;
  // The server's copy follows the user to a browser that has none or an older one.
  useEffect(() => {
    if (stored) applyFontSize(stored);
  }, [stored]);

  const choose = (size: FontSize) => {
    applyFontSize(size);
    save.mutate({ fontSize: size });
  };

  return (
    <Form layout="vertical" data-testid="custom-settings">
      <Form.Item label={t('account.custom.fontSize')} extra={t('account.custom.fontSizeHint')}>
        <Radio.Group
          optionType="button"
          value={stored ?? currentFontSize()}
          disabled={save.isPending}
          onChange={(event) => choose(event.target.value as FontSize)}
          options={FONT_SIZES.map((size) => ({
            value: size,
            label: (
              <span data-testid={`font-size-${size}`}>
                {t(SIZE_KEYS[size])} <Typography.Text type="secondary">{FONT_SIZE_PX[size]}px</Typography.Text>
              </span>
            ),
          }))}
        />
      </Form.Item>
    </Form>
  );
}
