import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Space, Tooltip, Typography } from 'antd';
import type { FormListOperation } from 'antd';
import { useTranslation } from 'react-i18next';
import { ARMS_MAX, BLOCK_SIZE_MAX, BLOCK_SIZES_MAX, FACTOR_OPTIONS_MAX, FACTORS_MAX, RANDOMISATION_METHODS, RATIO_MAX, TABLE_SIZE_MAX, WEIGHT_MAX } from '@dcap/core';
import type { Instrument } from '@dcap/core';
import { METHODS_WITH_BLOCKS, METHODS_WITH_FACTORS } from './schemeForm';
import type { FieldName, SchemeFormValues } from './schemeForm';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A field's label for core's messages: "Arm 2 · Code", "Factor 1 · Option 3 · Label", "Block size 2". */
export function schemeFieldLabel(name: FieldName, t: Translate): string {
  const parts: string[] = [];
  for (let index = 0; index < name.length; index += 1) {
    const part = name[index];
    const next = name[index + 1];
    if (typeof part !== 'string') continue;
    if (typeof next === 'number') {
      parts.push(`${t(`balance.fields.${part}One`)} ${String(next + 1)}`);
    } else {
      parts.push(t(`balance.fields.${part}`));
    }
  }
  return parts.join(' · ');
}

function MoveButtons({ index, count, move, testId }: { index: number; count: number; move: FormListOperation['move']; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Tooltip title={t('balance.designer.moveUp')}>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('balance.designer.moveUp')} data-testid={`${testId}-up`} />
      </Tooltip>
      <Tooltip title={t('balance.designer.moveDown')}>
        <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={t('balance.designer.moveDown')} data-testid={`${testId}-down`} />
      </Tooltip>
    </Space>
  );
}

function ArmsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="arms">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} data-testid="scheme-arms">
          {fields.map((field, index) => (
            <Row key={field.key} gutter={8} align="top" data-testid={`scheme-arm-${String(index)}`}>
              <Col span={4}>
                <Form.Item name={[field.name, 'code']} label={index === 0 ? t('balance.fields.code') : undefined}>
                  <Input maxLength={32} data-testid={`arm-code-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[field.name, 'name']} label={index === 0 ? t('balance.fields.name') : undefined}>
                  <Input maxLength={100} data-testid={`arm-name-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[field.name, 'nameEn']} label={index === 0 ? t('balance.fields.nameEn') : undefined}>
                  <Input maxLength={100} data-testid={`arm-name-en-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name={[field.name, 'ratio']} label={index === 0 ? t('balance.fields.ratio') : undefined}>
                  <InputNumber min={1} max={RATIO_MAX} precision={0} style={{ width: '100%' }} data-testid={`arm-ratio-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={2} style={index === 0 ? { paddingTop: 30 } : undefined}>
                <Button type="text" danger icon={<DeleteOutlined />} disabled={fields.length <= 2} onClick={() => remove(field.name)} aria-label={t('common.delete')} />
              </Col>
            </Row>
          ))}
          <Button icon={<PlusOutlined />} disabled={fields.length >= ARMS_MAX} onClick={() => add({ code: '', name: '', ratio: 1 })} style={{ alignSelf: 'start' }} data-testid="arm-add">
            {t('balance.designer.addArm')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function BlockSizesEditor() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('balance.fields.blockSizes')} extra={t('balance.designer.blockSizesHint')} required>
      <Form.List name="blockSizes">
        {(fields, { add, remove }) => (
          <Space wrap align="start" data-testid="scheme-block-sizes">
            {fields.map((field, index) => (
              <Space.Compact key={field.key}>
                <Form.Item name={field.name} noStyle={false} style={{ marginBottom: 0 }}>
                  <InputNumber min={2} max={BLOCK_SIZE_MAX} precision={0} style={{ width: 96 }} data-testid={`block-size-${String(index)}`} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)} aria-label={t('common.delete')} />
              </Space.Compact>
            ))}
            <Button icon={<PlusOutlined />} disabled={fields.length >= BLOCK_SIZES_MAX} onClick={() => add(undefined)} data-testid="block-size-add">
              {t('balance.designer.addBlockSize')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

function OptionsEditor({ factorName }: { factorName: number }) {
  const { t } = useTranslation();
  return (
    <Form.List name={[factorName, 'options']}>
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={0}>
          {fields.map((field, index) => (
            <Row key={field.key} gutter={8} align="top" data-testid={`factor-${String(factorName)}-option-${String(index)}`}>
              <Col span={5}>
                <Form.Item name={[field.name, 'code']} label={index === 0 ? t('balance.fields.optionCode') : undefined}>
                  <Input maxLength={32} data-testid={`option-code-${String(factorName)}-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[field.name, 'label']} label={index === 0 ? t('balance.fields.label') : undefined}>
                  <Input maxLength={100} data-testid={`option-label-${String(factorName)}-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[field.name, 'labelEn']} label={index === 0 ? t('balance.fields.labelEn') : undefined}>
                  <Input maxLength={100} data-testid={`option-label-en-${String(factorName)}-${String(index)}`} />
                </Form.Item>
              </Col>
              <Col span={5} style={index === 0 ? { paddingTop: 30 } : undefined}>
                <MoveButtons index={index} count={fields.length} move={move} testId={`option-${String(factorName)}-${String(index)}`} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={fields.length <= 2} onClick={() => remove(field.name)} aria-label={t('common.delete')} />
              </Col>
            </Row>
          ))}
          <Button size="small" icon={<PlusOutlined />} disabled={fields.length >= FACTOR_OPTIONS_MAX} onClick={() => add({ code: '', label: '' })} style={{ alignSelf: 'start' }} data-testid={`option-add-${String(factorName)}`}>
            {t('balance.designer.addOption')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function FactorsEditor({ instruments, minimisation }: { instruments: readonly Instrument[]; minimisation: boolean }) {
  const { t, i18n } = useTranslation();
  const instrumentOptions = instruments.map((instrument) => ({ value: instrument.id, label: i18n.language === 'en-US' ? (instrument.nameEn ?? instrument.name) : instrument.name }));
  return (
    <Form.List name="factors">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={12} data-testid="scheme-factors">
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={`${t('balance.fields.factorsOne')} ${String(index + 1)}`}
              extra={
                <Space size={0}>
                  <MoveButtons index={index} count={fields.length} move={move} testId={`factor-${String(index)}`} />
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('common.delete')} data-testid={`factor-remove-${String(index)}`} />
                </Space>
              }
              data-testid={`scheme-factor-${String(index)}`}
            >
              <Row gutter={8}>
                <Col span={6}>
                  <Form.Item name={[field.name, 'code']} label={t('balance.fields.code')}>
                    <Input maxLength={32} data-testid={`factor-code-${String(index)}`} />
                  </Form.Item>
                </Col>
                <Col span={9}>
                  <Form.Item name={[field.name, 'name']} label={t('balance.fields.name')}>
                    <Input maxLength={100} data-testid={`factor-name-${String(index)}`} />
                  </Form.Item>
                </Col>
                <Col span={9}>
                  <Form.Item name={[field.name, 'nameEn']} label={t('balance.fields.nameEn')}>
                    <Input maxLength={100} data-testid={`factor-name-en-${String(index)}`} />
                  </Form.Item>
                </Col>
              </Row>
              <OptionsEditor factorName={field.name} />
              <Row gutter={8} style={{ marginTop: 12 }}>
                <Col span={minimisation ? 10 : 12}>
                  <Form.Item name={[field.name, 'sourceInstrumentId']} label={t('balance.fields.sourceInstrumentId')} extra={t('balance.designer.sourceHint')}>
                    <Select allowClear options={instrumentOptions} placeholder={t('balance.designer.sourceNone')} data-testid={`factor-source-instrument-${String(index)}`} />
                  </Form.Item>
                </Col>
                <Col span={minimisation ? 8 : 12}>
                  <Form.Item name={[field.name, 'sourceModel']} label={t('balance.fields.sourceModel')}>
                    <Input maxLength={64} data-testid={`factor-source-model-${String(index)}`} />
                  </Form.Item>
                </Col>
                {minimisation ? (
                  <Col span={6}>
                    <Form.Item name={[field.name, 'weight']} label={t('balance.fields.weight')}>
                      <InputNumber min={0.01} max={WEIGHT_MAX} placeholder="1" style={{ width: '100%' }} data-testid={`factor-weight-${String(index)}`} />
                    </Form.Item>
                  </Col>
                ) : null}
              </Row>
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= FACTORS_MAX}
            onClick={() => add({ code: '', name: '', options: [{ code: '', label: '' }, { code: '', label: '' }] })}
            style={{ alignSelf: 'start' }}
            data-testid="factor-add"
          >
            {t('balance.designer.addFactor')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** The fields of the scheme designer; the form itself (values, validation, saving) belongs to the page. */
export function SchemeFormFields({ instruments }: { instruments: readonly Instrument[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<SchemeFormValues>();
  const method = Form.useWatch('method', form);
  const includeSite = Form.useWatch('includeSite', form);
  const minimisation = method === 'minimisation';
  return (
    <Flex vertical gap={8}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('balance.fields.schemeName')} rules={[{ required: true, whitespace: true, message: t('balance.designer.nameRequired') }]}>
            <Input maxLength={100} data-testid="scheme-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="treatmentPhase" label={t('balance.fields.treatmentPhase')} extra={t('balance.designer.treatmentPhaseHint')}>
            <Input maxLength={50} data-testid="scheme-treatment-phase" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('balance.fields.arms')}</Typography.Title>
      <ArmsEditor />
      <Form.Item name="method" label={t('balance.fields.method')} style={{ marginTop: 16 }}>
        <Radio.Group optionType="button" options={RANDOMISATION_METHODS.map((value) => ({ value, label: t(`balance.method.${value}`) }))} data-testid="scheme-method" />
      </Form.Item>
      {METHODS_WITH_BLOCKS.includes(method) ? <BlockSizesEditor /> : null}
      {minimisation ? (
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="probability" label={t('balance.fields.probability')} extra={t('balance.designer.probabilityHint')}>
              <InputNumber min={0.5} max={1} step={0.05} style={{ width: '100%' }} data-testid="scheme-probability" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="measure" label={t('balance.fields.measure')}>
              <Select options={(['range', 'variance'] as const).map((value) => ({ value, label: t(`balance.measure.${value}`) }))} data-testid="scheme-measure" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="includeSite" valuePropName="checked" label={t('balance.fields.includeSite')}>
              <Checkbox data-testid="scheme-include-site" />
            </Form.Item>
            {includeSite ? (
              <Form.Item name="siteWeight" label={t('balance.fields.siteWeight')}>
                <InputNumber min={0.01} max={WEIGHT_MAX} placeholder="1" style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
          </Col>
        </Row>
      ) : (
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="tableSize" label={t('balance.fields.tableSize')} extra={t('balance.designer.tableSizeHint')}>
              <InputNumber min={1} max={TABLE_SIZE_MAX} precision={0} style={{ width: '100%' }} data-testid="scheme-table-size" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="stratifyBySite" valuePropName="checked" label={t('balance.fields.stratifyBySite')}>
              <Checkbox data-testid="scheme-stratify-site" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="prefix" label={t('balance.fields.prefix')}>
            <Input maxLength={16} data-testid="scheme-prefix" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="width" label={t('balance.fields.width')}>
            <InputNumber min={1} max={12} precision={0} style={{ width: '100%' }} data-testid="scheme-width" />
          </Form.Item>
        </Col>
      </Row>
      {METHODS_WITH_FACTORS.includes(method) ? (
        <>
          <Typography.Title level={5}>{t('balance.fields.factors')}</Typography.Title>
          <FactorsEditor instruments={instruments} minimisation={minimisation} />
        </>
      ) : null}
    </Flex>
  );
}
