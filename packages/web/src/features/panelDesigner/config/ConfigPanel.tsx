import { Alert, Empty, Flex, Form, Tabs, Typography } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { findWidget, locateWidget } from '@dcap/core';
import type { Panel, PanelIssue } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import type { DesignerAction } from '../state/designerReducer';
import { AdvancedFields } from './AdvancedFields';
import { CellWidgetSelect } from './CellWidgetSelect';
import { CommonFields } from './CommonFields';
import { hasOptions, patcher } from './configProps';
import { GridConfig } from './GridConfig';
import { OptionsEditor } from './OptionsEditor';
import { TableConfig } from './TableConfig';
import { TypeFields } from './TypeFields';

interface ConfigPanelProps {
  panel: Panel;
  selectedKey: string | null;
  dispatch: Dispatch<DesignerAction>;
  /** Design-time and save issues of the selected widget. */
  issues: PanelIssue[];
  projectId: number | null;
}

/** Spec 001 §2.1 right column: basic and advanced configuration of the selected widget. */
export function ConfigPanel({ panel, selectedKey, dispatch, issues, projectId }: ConfigPanelProps) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const widget = selectedKey === null ? null : findWidget(panel, selectedKey);
  if (!widget) return <Empty description={t('designer.config.none')} data-testid="config-none" />;
  const props = { widget, panel, dispatch };
  const issueList =
    issues.length > 0 ? (
      <Alert
        type="error"
        showIcon
        title={t('designer.config.issues')}
        description={
          <ul style={{ margin: 0, paddingLeft: 16 }} data-testid="config-issues">
            {issues.map((issue, index) => (
              <li key={index}>{english ? issue.messageEn : issue.message}</li>
            ))}
          </ul>
        }
        style={{ marginBottom: 8 }}
      />
    ) : null;

  if (widget.type === 'placeholder') {
    const location = locateWidget(panel, widget.key);
    return (
      <Flex vertical gap={8} data-testid="config-panel">
        <Typography.Text strong>{t('designer.table.editCell')}</Typography.Text>
        {location?.container === 'table' ? <CellWidgetSelect panel={panel} tableKey={location.tableKey} columnIndex={location.columnIndex} dispatch={dispatch} /> : null}
      </Flex>
    );
  }

  const basic =
    widget.type === 'grid' ? (
      <GridConfig {...props} />
    ) : widget.type === 'table' ? (
      <TableConfig {...props} />
    ) : (
      <>
        <CommonFields {...props} />
        <TypeFields {...props} />
        {hasOptions(widget) && widget.options.bullsEyePlot !== true ? (
          <Form.Item label={t('designer.options.title')}>
            <OptionsEditor
              options={widget.options.options ?? []}
              bullseye={widget.type === 'bullseyeplot'}
              projectId={projectId}
              onChange={(options) => patcher(props)({ options: { options } })}
              onDictionary={(entry) => patcher(props)({ options: { dictType: entry.key } })}
            />
          </Form.Item>
        ) : null}
      </>
    );

  return (
    <Flex vertical data-testid="config-panel">
      {issueList}
      <Form layout="vertical" size="small" component="div">
        <Tabs
          items={[
            { key: 'basic', label: <span data-testid="config-tab-basic">{t('designer.config.basic')}</span>, children: basic },
            ...(widget.type === 'grid' ? [] : [{ key: 'advanced', label: <span data-testid="config-tab-advanced">{t('designer.config.advanced')}</span>, children: <AdvancedFields {...props} /> }]),
          ]}
        />
      </Form>
    </Flex>
  );
}
