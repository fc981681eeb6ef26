import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodingField, CodingSetup, CodingState, CodingValue } from '@dcap/core';
import { CODING_STATES } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import type { ValueSearch } from './api';
import { useCodeValue, useCodingExport, useCodingFieldDelete, useCodingFieldSave, useCodingSetup, useCodingValues, useUncodeValue } from './api';
import { TermBrowser } from './TermBrowser';
import { ExportMenu } from '../../components/ExportMenu';

const STATE_COLOURS: Record<CodingState, string> = { uncoded: 'default', coded: 'success', needsRecoding: 'warning' };

const named = (english: boolean, name: string, nameEn: string | null) => (english && nameEn ? nameEn : name);
/** "Panel · field"; a table column named after a table called as its panel is shown by the column alone. */
function fieldLabel(english: boolean, field: Pick<CodingField, 'instrumentName' | 'instrumentNameEn' | 'fieldName' | 'fieldNameEn'>): string {
  const instrument = named(english, field.instrumentName, field.instrumentNameEn);
  const name = named(english, field.fieldName, field.fieldNameEn);
  return `${instrument} · ${name.startsWith(`${instrument} / `) ? name.slice(instrument.length + 3) : name}`;
}

/** Which fields are coded, to which dictionary: adding a text field, changing its dictionary, removing it. */
function FieldsModal({ setup, open, onClose }: { setup: CodingSetup; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const [form] = Form.useForm<{ candidate: string; dictionaryId: number }>();
  const save = useCodingFieldSave();
  const remove = useCodingFieldDelete();
  const dictionaryOptions = setup.dictionaries.map((d) => ({ value: d.id, label: `${d.name} ${d.version}` }));
  const add = async () => {
    const values = await form.validateFields();
    const [instrumentId, path] = values.candidate.split('|');
    save.mutate({ instrumentId: Number(instrumentId), path: path ?? '', dictionaryId: values.dictionaryId }, { onSuccess: () => form.resetFields() });
  };
  const columns: TableColumnsType<CodingField> = [
    { title: t('coding.project.field'), key: 'field', render: (_, f) => fieldLabel(english, f) },
    {
      title: t('coding.project.dictionary'),
      key: 'dictionary',
      width: 240,
      render: (_, f) => (
        <Select
          size="small"
          style={{ width: 220 }}
          value={f.dictionaryId}
          options={dictionaryOptions.some((o) => o.value === f.dictionaryId) ? dictionaryOptions : [...dictionaryOptions, { value: f.dictionaryId, label: `${f.dictionaryName} ${f.dictionaryVersion}` }]}
          onChange={(dictionaryId: number) => save.mutate({ instrumentId: f.instrumentId, path: f.path, dictionaryId })}
          data-testid={`coding-field-dictionary-${String(f.id)}`}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_, f) => (
        <Button size="small" type="link" danger data-testid={`coding-field-remove-${String(f.id)}`} onClick={() => remove.mutate(f.id)}>
          {t('coding.project.remove')}
        </Button>
      ),
    },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={860} title={t('coding.project.fieldsTitle')} destroyOnHidden>
      <Flex vertical gap={12} data-testid="coding-fields">
        <Table rowKey="id" size="small" columns={columns} dataSource={setup.fields} pagination={false} />
        <Form form={form} layout="inline">
          <Form.Item name="candidate" rules={[{ required: true, message: t('coding.project.fieldRequired') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 340 }}
              placeholder={t('coding.project.field')}
              options={setup.candidates.map((c) => ({ value: `${String(c.instrumentId)}|${c.path}`, label: fieldLabel(english, c) }))}
              data-testid="coding-field-candidate"
            />
          </Form.Item>
          <Form.Item name="dictionaryId" rules={[{ required: true, message: t('coding.project.dictionaryRequired') }]}>
            <Select style={{ width: 220 }} placeholder={t('coding.project.dictionary')} options={dictionaryOptions} data-testid="coding-field-new-dictionary" />
          </Form.Item>
          <Button type="primary" loading={save.isPending} onClick={() => void add()} data-testid="coding-field-add">
            {t('coding.project.add')}
          </Button>
        </Form>
      </Flex>
    </Modal>
  );
}

/** Coding one value: the term browser opens on its text; the same text elsewhere may be coded at once. */
function CodeModal({ value, field, onClose }: { value: CodingValue | null; field: CodingField | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [sameText, setSameText] = useState(true);
  const code = useCodeValue();
  return (
    <Modal open={value !== null} onCancel={onClose} footer={null} width={1000} title={t('coding.project.codeTitle', { value: value?.value ?? '' })} destroyOnHidden>
      {value && field ? (
        <Flex vertical gap={12} data-testid="coding-code-modal">
          <Typography.Text type="secondary">{t('coding.project.dictionaryIs', { name: `${field.dictionaryName} ${field.dictionaryVersion}` })}</Typography.Text>
          <Checkbox checked={sameText} onChange={(event) => setSameText(event.target.checked)} data-testid="coding-same-text">
            {t('coding.project.sameText')}
          </Checkbox>
          <TermBrowser
            scope="project"
            dictionaryId={field.dictionaryId}
            kind={field.dictionaryKind}
            initialText={value.value}
            picking={code.isPending}
            onPick={(term) => code.mutate({ panelInstanceId: value.panelInstanceId, path: value.path, termCode: term.code, sameText }, { onSuccess: onClose })}
          />
        </Flex>
      ) : null}
    </Modal>
  );
}

/**
 * Coding in a project (docs/decisions.md "Coding library"): a coded field's captured values at the caller's
 * sites with subject, visit and coding state; coding a value to a dictionary term, every value with the same
 * text at once, or removing a coding. A value changed after coding shows as needing recoding.
 */
export function ProjectCodingPage() {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const setup = useCodingSetup();
  const [fieldId, setFieldId] = useState<number | null>(null);
  const [filters, setFilters] = useState<{ state?: CodingState; text: string; page: number }>({ text: '', page: 1 });
  const listing = useCodingExport();
  const [configuring, setConfiguring] = useState(false);
  const [coding, setCoding] = useState<CodingValue | null>(null);
  const uncode = useUncodeValue();
  const confirm = useConfirm();
  const fields = setup.data?.fields ?? [];
  const field = fields.find((f) => f.id === fieldId) ?? fields[0];
  const query: ValueSearch | null = field ? { fieldId: field.id, state: filters.state, text: filters.text, page: filters.page, pageSize: 20 } : null;
  const values = useCodingValues(query);
  const rights = setup.data?.rights ?? { configure: false, code: false };
  const columns: TableColumnsType<CodingValue> = [
    { title: t('coding.project.subject'), dataIndex: 'subject', width: 130 },
    { title: t('coding.project.site'), key: 'site', width: 140, render: (_, v) => named(english, v.siteName, v.siteNameEn) },
    { title: t('coding.project.visit'), key: 'visit', width: 150, render: (_, v) => named(english, v.visitName, v.visitNameEn) },
    { title: t('coding.project.verbatim'), dataIndex: 'value', render: (value: string) => value || <Typography.Text type="secondary">{t('coding.project.cleared')}</Typography.Text> },
    { title: t('coding.project.state'), dataIndex: 'state', width: 110, render: (state: CodingState) => <Tag color={STATE_COLOURS[state]} data-testid={`coding-state-${state}`}>{t(`coding.state.${state}`)}</Tag> },
    {
      title: t('coding.project.term'),
      key: 'term',
      render: (_, v) =>
        v.coding ? (
          <Flex vertical>
            <span>{`${v.coding.code} ${english ? v.coding.termEn || v.coding.term : v.coding.term}`}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {english ? v.coding.pathEn : v.coding.path}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('coding.project.codedBy', { dictionary: `${v.coding.dictionaryName} ${v.coding.dictionaryVersion}`, who: v.coding.codedBy, verbatim: v.coding.verbatim })}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_, v) => (
        <Space size={0}>
          {v.value ? (
            <Button size="small" type="link" data-testid={`coding-code-${String(v.panelInstanceId)}-${v.path}`} onClick={() => setCoding(v)}>
              {v.coding ? t('coding.project.recode') : t('coding.project.code')}
            </Button>
          ) : null}
          {v.coding ? (
            <Button
              size="small"
              type="link"
              danger
              data-testid={`coding-uncode-${String(v.panelInstanceId)}-${v.path}`}
              onClick={() => confirm({ title: t('coding.project.uncodeConfirm', { value: v.value }), danger: true, onOk: () => uncode.mutateAsync({ panelInstanceId: v.panelInstanceId, path: v.path }) })}
            >
              {t('coding.project.uncode')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('coding.projectTitle')}
      data-testid="coding-project-page"
      extra={
        rights.configure && setup.data ? (
          <Button data-testid="coding-configure" onClick={() => setConfiguring(true)}>
            {t('coding.project.fieldsTitle')}
          </Button>
        ) : null
      }
    >
      {setup.data && fields.length === 0 ? (
        <Empty description={rights.configure ? t('coding.project.noFieldsConfigure') : t('coding.project.noFields')} data-testid="coding-no-fields" />
      ) : (
        <Flex vertical gap={16}>
          <Flex wrap gap={8} align="center">
            <Select
              style={{ width: 360 }}
              value={field?.id}
              onChange={(id: number) => {
                setFieldId(id);
                setFilters({ ...filters, page: 1 });
              }}
              options={fields.map((f) => ({ value: f.id, label: `${fieldLabel(english, f)} (${f.dictionaryName} ${f.dictionaryVersion})` }))}
              data-testid="coding-field-select"
            />
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('coding.project.state')}
              value={filters.state}
              onChange={(state?: CodingState) => setFilters({ ...filters, state, page: 1 })}
              options={CODING_STATES.map((state) => ({ value: state, label: t(`coding.state.${state}`) }))}
              data-testid="coding-state-filter"
            />
            <Input.Search allowClear style={{ width: 240 }} placeholder={t('coding.project.verbatim')} onSearch={(text) => setFilters({ ...filters, text: text.trim(), page: 1 })} data-testid="coding-text-filter" />
            {field ? (
              <ExportMenu
                label={t('coding.project.export')}
                loading={listing.isPending}
                onExport={(format) => listing.mutate({ fieldId: field.id, state: filters.state, format }, { onSuccess: saveFile })}
                testId="coding-export"
              />
            ) : null}
          </Flex>
          {!rights.code ? <Alert type="info" showIcon title={t('coding.project.readOnly')} /> : null}
          <Table
            rowKey={(v) => `${String(v.panelInstanceId)}:${v.path}`}
            size="middle"
            loading={values.isFetching}
            columns={columns}
            dataSource={values.data?.values ?? []}
            data-testid="coding-value-table"
            pagination={{ current: filters.page, pageSize: 20, total: values.data?.total ?? 0, showSizeChanger: false, showTotal: (total) => t('coding.total', { count: total }), onChange: (page) => setFilters({ ...filters, page }) }}
          />
        </Flex>
      )}
      {setup.data ? <FieldsModal setup={setup.data} open={configuring} onClose={() => setConfiguring(false)} /> : null}
      <CodeModal value={coding} field={field} onClose={() => setCoding(null)} />
    </Card>
  );
}
