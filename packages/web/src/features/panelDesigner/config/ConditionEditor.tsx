import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONDITION_OPERATORS, panelFieldsByModel } from '@dcap/core';
import type { ConditionOperator, Panel, ShowCondition, Widget } from '@dcap/core';

type Comparison = Extract<ShowCondition, { cName: string }>;
type Connector = Extract<ShowCondition, { appendix: string }>['appendix'];

const isComparison = (item: ShowCondition): item is Comparison => 'cName' in item;

/** Comparisons with the connector that joins each to the one before it (spec 001 §3.4). */
function split(conditions: readonly ShowCondition[]): { comparison: Comparison; connector: Connector }[] {
  const rows: { comparison: Comparison; connector: Connector }[] = [];
  let connector: Connector = '&&';
  for (const item of conditions) {
    if (isComparison(item)) rows.push({ comparison: item, connector });
    else connector = item.appendix;
  }
  return rows;
}

function join(rows: readonly { comparison: Comparison; connector: Connector }[]): ShowCondition[] {
  return rows.flatMap((row, index) => (index === 0 ? [row.comparison] : [{ appendix: row.connector }, row.comparison]));
}

/** Spec 001 §3.4 and §9: show conditions as field, operator, value rows joined by and/or. */
export function ConditionEditor({ panel, widget, value, onChange }: { panel: Panel; widget: Widget; value: ShowCondition[]; onChange: (conditions: ShowCondition[]) => void }) {
  const { t } = useTranslation();
  const rows = split(value);
  const fields = [...panelFieldsByModel(panel).values()].filter((field) => field.key !== widget.key);
  const change = (index: number, next: Partial<{ comparison: Partial<Comparison>; connector: Connector }>) =>
    onChange(join(rows.map((row, i) => (i === index ? { comparison: { ...row.comparison, ...next.comparison }, connector: next.connector ?? row.connector } : row))));
  const first = fields[0];
  const add = () => onChange(join([...rows, { comparison: { cName: first?.name ?? '', eName: first?.model ?? '', evalType: 'eq', value: '' }, connector: '&&' }]));
  return (
    <Flex vertical gap={6} data-testid="condition-editor">
      {rows.map((row, index) => {
        const field = fields.find((candidate) => candidate.model === row.comparison.eName);
        const choices = field?.options.options;
        return (
          <Flex key={index} vertical gap={4}>
            {index > 0 ? (
              <Select
                size="small"
                style={{ width: 96 }}
                value={row.connector}
                options={[
                  { value: '&&', label: t('designer.condition.and') },
                  { value: '||', label: t('designer.condition.or') },
                ]}
                onChange={(connector: Connector) => change(index, { connector })}
                data-testid={`condition-connector-${String(index)}`}
              />
            ) : null}
            <Flex gap={4}>
              <Select
                size="small"
                style={{ flex: 2, minWidth: 0 }}
                placeholder={t('designer.condition.field')}
                value={row.comparison.eName || undefined}
                showSearch={{ optionFilterProp: 'label' }}
                options={fields.map((candidate) => ({ value: candidate.model, label: `${candidate.name} (${candidate.model})` }))}
                onChange={(eName: string) => change(index, { comparison: { eName, cName: fields.find((candidate) => candidate.model === eName)?.name ?? eName } })}
                data-testid={`condition-field-${String(index)}`}
              />
              <Select
                size="small"
                style={{ flex: 1, minWidth: 0 }}
                value={row.comparison.evalType}
                options={CONDITION_OPERATORS.map((operator) => ({ value: operator, label: t(`designer.condition.operators.${operator}`) }))}
                onChange={(evalType: ConditionOperator) => change(index, { comparison: { evalType } })}
                data-testid={`condition-operator-${String(index)}`}
              />
              {choices && choices.length > 0 ? (
                <Select
                  size="small"
                  style={{ flex: 1, minWidth: 0 }}
                  value={row.comparison.value || undefined}
                  options={choices.map((option) => ({ value: option.value, label: option.label }))}
                  onChange={(next: string) => change(index, { comparison: { value: next } })}
                  data-testid={`condition-value-${String(index)}`}
                />
              ) : (
                <Input
                  size="small"
                  style={{ flex: 1, minWidth: 0 }}
                  placeholder={t('designer.condition.value')}
                  value={row.comparison.value}
                  onChange={(event) => change(index, { comparison: { value: event.target.value } })}
                  data-testid={`condition-value-${String(index)}`}
                />
              )}
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('designer.condition.remove')}
                onClick={() => onChange(join(rows.filter((_, i) => i !== index)))}
              />
            </Flex>
          </Flex>
        );
      })}
      <Button size="small" icon={<PlusOutlined />} onClick={add} disabled={fields.length === 0} data-testid="condition-add">
        {t('designer.condition.add')}
      </Button>
    </Flex>
  );
}
