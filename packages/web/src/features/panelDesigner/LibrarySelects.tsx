import { Button, Flex, Modal, Segmented, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelConfig, StandardDomainFields, StandardFieldSummary, Widget } from '@dcap/core';
import { useLibraryFetchers, useStandardFieldsQuery, useTemplatesQuery } from '../../api/designer';
import { settle } from '../../lib/confirm';
import { currentLocale } from '../../i18n';

interface LibrarySelectsProps {
  labelPosition: PanelConfig['labelPosition'];
  onLabelPosition: (position: PanelConfig['labelPosition']) => void;
  /** Widgets chosen from a library, to replace the canvas or be appended to it. */
  onInsert: (widgets: Widget[], mode: 'append' | 'replace') => void;
  /** Whether the canvas has widgets; an empty canvas is simply filled, without asking. */
  hasWidgets: boolean;
}

function VariableDetails({ domain, field, english }: { domain: StandardDomainFields; field: StandardFieldSummary; english: boolean }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('designer.top.hoverDomain'), domain.domain],
    [t('designer.top.hoverLabel'), english ? field.fieldLabelEn : field.fieldLabel],
    [t('designer.top.hoverName'), field.fieldName],
    [t('designer.top.hoverDescription'), field.fieldAnnotation],
    [t('designer.top.hoverInstruction'), english ? field.instructionEn : field.instruction],
  ];
  return (
    <div>
      {rows.map(([label, value]) => (
        <div key={label}>
          {label}: {value || '--'}
        </div>
      ))}
    </div>
  );
}

/**
 * Spec 001 §2.1 top of the centre: the panel library, standard-domain and variable selects (inserting a
 * template, a whole domain or one variable, replacing or appending as the user answers) and the
 * label-alignment toggle.
 */
export function LibrarySelects({ labelPosition, onLabelPosition, onInsert, hasWidgets }: LibrarySelectsProps) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const templates = useTemplatesQuery();
  const standard = useStandardFieldsQuery();
  const fetchers = useLibraryFetchers();
  const [pending, setPending] = useState<Widget[] | null>(null);

  const offer = (widgets: Widget[]) => {
    if (hasWidgets) setPending(widgets);
    else onInsert(widgets, 'append');
  };
  const choose = (mode: 'append' | 'replace') => {
    if (pending) onInsert(pending, mode);
    setPending(null);
  };

  return (
    <Flex gap={8} wrap align="center" data-testid="designer-top">
      <Select
        style={{ width: 220 }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('designer.top.template')}
        value={null}
        loading={templates.isLoading}
        options={(templates.data?.instruments ?? []).map((item) => ({ value: item.id, label: `${english && item.nameEn ? item.nameEn : item.name} (${item.nameAbbr})` }))}
        onChange={(id: number) => void settle(async () => offer((await fetchers.template(id)).panel.list))}
        data-testid="designer-template-select"
      />
      <Select
        style={{ width: 260 }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('designer.top.domain')}
        value={null}
        loading={templates.isLoading}
        options={(templates.data?.domains ?? []).map((item) => ({
          value: item.domain,
          label: t('designer.top.domainOption', { domain: item.domain, count: item.count, description: english ? item.descriptionEn : item.description }),
        }))}
        onChange={(domain: string) => void settle(async () => offer((await fetchers.domain(domain)).panel.list))}
        data-testid="designer-domain-select"
      />
      <Select
        style={{ width: 260 }}
        showSearch={{ optionFilterProp: 'title' }}
        placeholder={t('designer.top.variable')}
        value={null}
        loading={standard.isLoading}
        options={(standard.data ?? []).map((domain) => ({
          label: `${domain.domain} ${english ? domain.descriptionEn : domain.description}`,
          title: domain.domain,
          options: domain.fields.map((field) => ({
            value: field.id,
            title: `${domain.domain} ${field.fieldName} ${field.fieldLabel} ${field.fieldLabelEn}`,
            label: (
              <Tooltip placement="right" title={<VariableDetails domain={domain} field={field} english={english} />}>
                <span data-testid={`variable-option-${field.fieldName}`}>
                  {field.fieldName} · {english ? field.fieldLabelEn : field.fieldLabel}
                </span>
              </Tooltip>
            ),
          })),
        }))}
        onChange={(id: number) => void settle(async () => offer([await fetchers.standardField(id)]))}
        data-testid="designer-variable-select"
      />
      <Segmented<PanelConfig['labelPosition']>
        value={labelPosition}
        options={[
          { value: 'left', label: t('designer.top.labelLeft') },
          { value: 'right', label: t('designer.top.labelRight') },
        ]}
        onChange={onLabelPosition}
        data-testid="designer-label-position"
      />
      <Modal
        open={pending !== null}
        title={t('designer.top.insertTitle')}
        onCancel={() => setPending(null)}
        footer={[
          <Button key="cancel" onClick={() => setPending(null)}>
            {t('common.cancel')}
          </Button>,
          <Button key="append" onClick={() => choose('append')} data-testid="insert-append">
            {t('designer.top.append')}
          </Button>,
          <Button key="replace" type="primary" danger onClick={() => choose('replace')} data-testid="insert-replace">
            {t('designer.top.replace')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('designer.top.insertContent')}</Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
