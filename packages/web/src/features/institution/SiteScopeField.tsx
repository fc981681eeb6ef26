import { Flex, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_SITES } from '@dcap/core';
import type { SiteScope } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { localName } from '../../lib/displayName';

export interface ScopeSite {
  id: number;
  code: string;
  name: string;
  eName: string | null;
}

interface SiteScopeFieldProps {
  value?: SiteScope;
  onChange?: (value: SiteScope) => void;
  /** The sites that may be chosen. */
  sites: readonly ScopeSite[];
  /** Whether "all sites" may be chosen (it may not when the grant must stay within some sites). */
  allowAll?: boolean;
  disabled?: boolean;
  testId: string;
}

/** A site scope as core defines it: all sites, or a chosen list (spec 000 §3 `institutionIds`). */
export function SiteScopeField({ value, onChange, sites, allowAll = true, disabled = false, testId }: SiteScopeFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const all = value === ALL_SITES;
  const chosen = value === undefined || value === ALL_SITES ? [] : [...value];
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {allowAll ? (
        <Radio.Group
          disabled={disabled}
          value={all ? 'all' : 'some'}
          onChange={(event) => onChange?.(event.target.value === 'all' ? ALL_SITES : [])}
          options={[
            { value: 'all', label: <span data-testid={`${testId}-all`}>{t('roles.scope.all')}</span> },
            { value: 'some', label: <span data-testid={`${testId}-some`}>{t('roles.scope.some')}</span> },
          ]}
        />
      ) : null}
      {all ? null : (
        <Select<number[]>
          mode="multiple"
          disabled={disabled}
          value={chosen}
          onChange={(ids) => onChange?.(ids)}
          placeholder={t('roles.scope.choose')}
          showSearch={{ optionFilterProp: 'label' }}
          options={sites.map((site) => ({ value: site.id, label: `${site.code} · ${localName(site, locale)}` }))}
          data-testid={`${testId}-sites`}
        />
      )}
    </Flex>
  );
}

/** A chosen scope must name at least one site (core's schema: a list of one to 500 ids). */
export function scopeRule(message: string) {
  return {
    validator: (_rule: unknown, value: SiteScope | undefined) =>
      value === ALL_SITES || (value !== undefined && value.length > 0) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
