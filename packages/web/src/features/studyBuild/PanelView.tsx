import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Panel } from '@dcap/core';
import { FormRenderer } from '../renderer';
import { PanelPreview } from './PanelPreview';

/**
 * A panel shown read-only two ways: as the form a user will fill (the shared renderer) and as an outline of
 * its widgets with their variable names, which is quicker to check against a specification.
 */
export function PanelView({ panel }: { panel: Panel }) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      destroyOnHidden
      items={[
        {
          key: 'form',
          label: <span data-testid="panel-view-form">{t('design.preview.formTab')}</span>,
          children: (
            <div data-testid="panel-view-rendered">
              <FormRenderer panel={panel} readOnly labelPosition={panel.config.labelPosition} />
            </div>
          ),
        },
        {
          key: 'outline',
          label: <span data-testid="panel-view-outline">{t('design.preview.outlineTab')}</span>,
          children: <PanelPreview panel={panel} />,
        },
      ]}
    />
  );
}
