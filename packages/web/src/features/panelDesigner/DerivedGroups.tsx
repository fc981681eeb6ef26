import { Collapse, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DERIVED_FIELD_GROUPS } from '@dcap/core';
import type { DerivedField } from '@dcap/core';
import { useDerivedFieldsQuery } from '../../api/designer';
import { currentLocale } from '../../i18n';

/** Spec 001 §2.2: the search matches label, name, expression and description (either language). */
export function matchesDerivedField(field: DerivedField, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [field.fieldLabel, field.fieldLabelEn, field.fieldName, field.expression, field.description, field.descriptionEn].some((text) => text.toLowerCase().includes(needle));
}

/** Spec 001 §2.2 left column: three collapsible groups, each a searchable dropdown of derived variables. */
export function DerivedGroups({ onPick }: { onPick: (field: DerivedField) => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const query = useDerivedFieldsQuery();
  return (
    <Collapse
      style={{ width: 260 }}
      defaultActiveKey={[...DERIVED_FIELD_GROUPS]}
      data-testid="derived-groups"
      items={DERIVED_FIELD_GROUPS.map((group) => {
        const fields = query.data?.[group] ?? [];
        return {
          key: group,
          label: t(`designer.derived.groups.${group}`),
          children: (
            <Select<number>
              style={{ width: '100%' }}
              value={null}
              loading={query.isLoading}
              placeholder={t('designer.derived.search')}
              showSearch={{
                filterOption: (input, option) => {
                  const field = fields.find((candidate) => candidate.id === option?.value);
                  return field ? matchesDerivedField(field, input) : false;
                },
              }}
              options={fields.map((field) => ({ value: field.id, label: `${english ? field.fieldLabelEn : field.fieldLabel} (${field.fieldName})` }))}
              onChange={(id) => {
                const field = fields.find((candidate) => candidate.id === id);
                if (field) onPick(field);
              }}
              data-testid={`derived-select-${group}`}
            />
          ),
        };
      })}
    />
  );
}
