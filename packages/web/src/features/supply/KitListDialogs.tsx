import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Space, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supplyKitGenerateSchema } from '@dcap/core';
import type { KitAction, SupplyKitListResult, SupplyKitType, SupplyKitUploadResult, SupplyLocation } from '@dcap/core';
import { FormModal } from '../../components/FormModal';
import { showServerErrors } from '../../lib/serverErrors';
import { useGenerateKits, useKitAction, useUploadKits } from './api';
import { kitTypeName, localeOf, locationName, schemaProblems } from './labels';

const GENERATE_LABELS = { depotId: 'isupply.fields.depot', batch: 'isupply.fields.batch', expiresOn: 'isupply.fields.expiresOn', prefix: 'isupply.fields.prefix', items: 'isupply.kits.items' };

interface GenerateValues {
  depotId?: number;
  batch?: string;
  expiresOn?: Dayjs;
  prefix?: string;
  items: { kitTypeId?: number; count?: number }[];
}

/** A kit list at a depot: numbers from the project's running sequence, kit types shuffled over them by the server. */
export function GenerateKitsDialog({ depots, kitTypes, onClose }: { depots: SupplyLocation[]; kitTypes: SupplyKitType[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm<GenerateValues>();
  const generate = useGenerateKits();
  const [result, setResult] = useState<SupplyKitListResult | null>(null);
  const labels = Object.fromEntries(Object.entries(GENERATE_LABELS).map(([field, key]) => [field, t(key)]));

  const submit = async (values: GenerateValues) => {
    const body = { depotId: values.depotId, batch: values.batch, expiresOn: values.expiresOn?.format('YYYY-MM-DD'), ...(values.prefix ? { prefix: values.prefix } : {}), items: values.items };
    const problems = schemaProblems(supplyKitGenerateSchema, body, labels, locale);
    if (problems.length > 0) return form.setFields(problems as Parameters<typeof form.setFields>[0]);
    try {
      setResult(await generate.mutateAsync(supplyKitGenerateSchema.parse(body)));
    } catch (error) {
      if (!showServerErrors(form, error, Object.keys(GENERATE_LABELS))) form.setFields([{ name: 'depotId', errors: [error instanceof Error ? error.message : String(error)] }]);
    }
  };

  return (
    <FormModal open title={t('isupply.kits.generateTitle')} onClose={onClose} onSubmit={() => (result ? onClose() : form.submit())} submitting={generate.isPending} submitTestId="kit-generate-submit" {...(result ? { submitLabel: t('common.confirm') } : {})}>
      {result ? (
        <Alert type="success" showIcon data-testid="kit-generate-result" title={t('isupply.kits.generated', { count: result.count, first: result.firstKitNo ?? '-', last: result.lastKitNo ?? '-' })} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ items: [{ count: 10 }] }} onFinish={(values) => void submit(values)}>
          <Form.Item name="depotId" label={t('isupply.fields.depot')}>
            <Select data-testid="kit-generate-depot" options={depots.map((depot) => ({ value: depot.id, label: locationName(depot, locale) }))} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="batch" label={t('isupply.fields.batch')}>
              <Input data-testid="kit-generate-batch" />
            </Form.Item>
            <Form.Item name="expiresOn" label={t('isupply.fields.expiresOn')}>
              <DatePicker data-testid="kit-generate-expires" />
            </Form.Item>
            <Form.Item name="prefix" label={t('isupply.fields.prefix')}>
              <Input data-testid="kit-generate-prefix" style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Typography.Text strong>{t('isupply.kits.items')}</Typography.Text>
          <Form.List name="items">
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'kitTypeId']}>
                      <Select style={{ width: 240 }} placeholder={t('isupply.fields.kitType')} data-testid={`kit-generate-type-${String(field.name)}`} options={kitTypes.map((type) => ({ value: type.id, label: kitTypeName(type, locale) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'count']}>
                      <InputNumber min={1} placeholder={t('isupply.fields.count')} data-testid={`kit-generate-count-${String(field.name)}`} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ count: 10 })} data-testid="kit-generate-add-item">
                  {t('isupply.kits.addItem')}
                </Button>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form>
      )}
    </FormModal>
  );
}

/** A kit list CSV taken whole, or every row's problem shown and no kit taken. */
export function UploadKitsDialog({ depots, onClose }: { depots: SupplyLocation[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const upload = useUploadKits();
  const [depotId, setDepotId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reply, setReply] = useState<SupplyKitUploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    if (reply?.result) return onClose();
    if (depotId === null || file === null) return setProblem(t('isupply.kits.noFile'));
    setProblem(null);
    try {
      setReply(await upload.mutateAsync({ depotId, fileName: file.name, csv: await file.text() }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <FormModal open title={t('isupply.kits.uploadTitle')} onClose={onClose} onSubmit={() => void submit()} submitting={upload.isPending} submitTestId="kit-upload-submit" {...(reply?.result ? { submitLabel: t('common.confirm') } : {})}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('isupply.kits.uploadHint')}</Typography.Paragraph>
        <Select style={{ width: '100%' }} placeholder={t('isupply.fields.depot')} value={depotId} onChange={setDepotId} data-testid="kit-upload-depot" options={depots.map((depot) => ({ value: depot.id, label: locationName(depot, locale) }))} />
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setReply(null);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button data-testid="kit-upload-file">{t('isupply.kits.chooseFile')}</Button>
        </Upload>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {reply?.result ? <Alert type="success" showIcon data-testid="kit-upload-result" title={t('isupply.kits.uploaded', { count: reply.result.count })} /> : null}
        {reply && reply.problems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={t('isupply.kits.problems')}
            data-testid="kit-upload-problems"
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {reply.problems.map((item) => (
                  <li key={`${String(item.row)}:${item.column ?? ''}:${item.code}`}>
                    {t('isupply.kits.problemRow', { row: item.row })}
                    {item.column ? ` · ${item.column}` : ''}: {item.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Space>
    </FormModal>
  );
}

/** One action on one kit, with the reason the audit trail keeps. */
export function KitActionDialog({ kitNo, action, onClose }: { kitNo: string; action: KitAction; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const change = useKitAction();
  return (
    <FormModal
      open
      width={480}
      title={t('isupply.kits.actionTitle', { action: t(`isupply.kitAction.${action}`), kitNo })}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={change.isPending}
      submitTestId="kit-action-submit"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          void change
            .mutateAsync({ action, kitNos: [kitNo], reason: values.reason })
            .then(onClose)
            .catch((error: unknown) => showServerErrors(form, error, ['reason']))
        }
      >
        <Form.Item name="reason" label={t('isupply.fields.reason')} rules={[{ required: true, whitespace: true, message: t('isupply.fields.reason') }]}>
          <Input.TextArea rows={3} data-testid="kit-action-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
