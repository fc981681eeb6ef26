import { Checkbox, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CALCULATION_FORMULA_MAX, IMPORTANCE_LEVELS, isDataWidget } from '@dcap/core';
import { useStandardFieldsQuery } from '../../../api/designer';
import { ConditionEditor } from './ConditionEditor';
import type { ConfigProps } from './configProps';
import { patcher } from './configProps';

/** Widgets whose value a formula may compute (spec 001 §3.3 expression). */
const COMPUTABLE = ['input', 'number', 'textarea'];
type Flag = 'sensitiveInformation' | 'enroll' | 'arm' | 'strataFactors';
const FLAGS: Flag[] = ['sensitiveInformation', 'enroll', 'arm', 'strataFactors'];

/** Spec 001 §3.3 advanced options: formula, show condition, importance, domain and sub type, flags, unit. */
export function AdvancedFields(props: ConfigProps) {
  const { t } = useTranslation();
  const { widget, panel, dispatch } = props;
  const { options } = widget;
  const patch = patcher(props);
  const standard = useStandardFieldsQuery();
  const domains = standard.data ?? [];
  const subTypes = domains.find((domain) => domain.domain === options.domain)?.fields ?? [];
  return (
    <>
      {COMPUTABLE.includes(widget.type) ? (
        <Form.Item label={t('designer.config.expression')} extra={t('designer.config.expressionHint')}>
          <Input.TextArea
            rows={3}
            maxLength={CALCULATION_FORMULA_MAX}
            showCount
            value={options.expression ?? ''}
            onChange={(event) => patch({ options: { expression: event.target.value || undefined } })}
            data-testid="config-expression"
          />
        </Form.Item>
      ) : null}
      <Form.Item>
        <Checkbox
          checked={options.showOnCondition === true}
          onChange={(event) => dispatch({ type: 'showOnCondition', key: widget.key, on: event.target.checked })}
          data-testid="config-showOnCondition"
        >
          {t('designer.condition.enable')}
        </Checkbox>
      </Form.Item>
      {options.showOnCondition ? (
        <>
          <ConditionEditor panel={panel} widget={widget} value={options.showConditions ?? []} onChange={(showConditions) => patch({ options: { showConditions } })} />
          <Form.Item label={t('designer.config.logicExpression')} style={{ marginTop: 8 }}>
            <Input.TextArea
              rows={2}
              maxLength={CALCULATION_FORMULA_MAX}
              value={options.logicExpression ?? ''}
              onChange={(event) => patch({ options: { logicExpression: event.target.value || undefined } })}
              data-testid="config-logicExpression"
            />
          </Form.Item>
        </>
      ) : null}
      {isDataWidget(widget) ? (
        <>
          <Form.Item label={t('designer.config.importantInformation')}>
            <Select
              allowClear
              value={options.importantInformation}
              options={IMPORTANCE_LEVELS.map((level) => ({ value: level, label: `${String(level)} ${t(`designer.config.importance.${String(level)}`)}` }))}
              onChange={(importantInformation: 1 | 2 | 3 | 4 | undefined) => patch({ options: { importantInformation } })}
              data-testid="config-importance"
            />
          </Form.Item>
          <Form.Item label={t('designer.config.annotation')} extra={t('designer.config.annotationHint')}>
            <Input value={options.annotation ?? ''} maxLength={64} onChange={(event) => patch({ options: { annotation: event.target.value || undefined } })} data-testid="config-annotation" />
          </Form.Item>
          <Form.Item label={t('designer.config.domain')}>
            <Select
              allowClear
              showSearch
              value={options.domain}
              loading={standard.isLoading}
              options={domains.map((domain) => ({ value: domain.domain, label: domain.domain }))}
              onChange={(domain: string | undefined) => dispatch({ type: 'domain', key: widget.key, domain })}
              data-testid="config-domain"
            />
          </Form.Item>
          <Form.Item label={t('designer.config.subType')}>
            <Select
              allowClear
              showSearch
              value={options.subType}
              disabled={options.domain === undefined}
              options={subTypes.map((field) => ({ value: field.fieldName, label: `${field.fieldName} ${field.fieldLabel}` }))}
              onChange={(subType: string | undefined) => patch({ options: { subType } })}
              data-testid="config-subType"
            />
          </Form.Item>
          {FLAGS.map((flag) => (
            <Form.Item key={flag} label={t(`designer.config.${flag}`)}>
              <Switch checked={options[flag] === true} onChange={(checked) => patch({ options: { [flag]: checked } })} />
            </Form.Item>
          ))}
          {options.dictType ? (
            <Form.Item label={t('designer.config.dictType')}>
              <Input value={options.dictType} disabled />
            </Form.Item>
          ) : null}
        </>
      ) : null}
    </>
  );
}
