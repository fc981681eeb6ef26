import { Alert, Button, Descriptions, Form, Input, Modal, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RandAllocation, RandScheme, Subject } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useRandomise } from './api';
import { armOf } from './AllocationListPage';

interface RandomiseValues {
  factors: Record<string, string>;
  firstDrugNo?: string;
}

/** Factors whoever randomises gives: those the scheme does not read from a panel of the subject. */
export function enteredFactors(scheme: Pick<RandScheme, 'factors' | 'factorSources'>): RandScheme['factors'] {
  return scheme.factors.filter((factor) => scheme.factorSources[factor.code] === undefined);
}

/** Refusals that belong to one field of the dialog rather than to the dialog as a whole. */
const FIELD_OF_CODE: Partial<Record<string, 'firstDrugNo'>> = { 'randomisation.first_drug_required': 'firstDrugNo' };

interface RandomiseDialogProps {
  subject: Subject;
  /** The approved scheme; null when there is none yet (the dialog says so). */
  scheme: RandScheme | null;
  onClose: () => void;
}

/**
 * Randomising a subject from its page (spec 002 §1, §5): the approved scheme's factors not read from a panel,
 * the first drug number where no drug plan gives it, then one call that allocates and enrols. The answer shows
 * the random number, and the arm only if the server sent one.
 */
export function RandomiseDialog({ subject, scheme, onClose }: RandomiseDialogProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const [form] = Form.useForm<RandomiseValues>();
  const randomise = useRandomise();
  const [error, setError] = useState<string | null>(null);
  const [allocation, setAllocation] = useState<RandAllocation | null>(null);
  const factors = scheme ? enteredFactors(scheme) : [];

  const submit = () =>
    void form.validateFields().then(async (values) => {
      if (!scheme) return;
      setError(null);
      const firstDrugNo = values.firstDrugNo?.trim();
      try {
        const reply = await randomise.mutateAsync({ subjectId: subject.id, version: subject.version, factors: values.factors, ...(firstDrugNo ? { firstDrugNo } : {}) });
        setAllocation(reply.allocation);
      } catch (failure) {
        if (!isApiError(failure)) throw failure;
        const field = failure.errorCode ? FIELD_OF_CODE[failure.errorCode] : undefined;
        if (field) form.setFields([{ name: field, errors: [failure.msg] }]);
        else setError(failure.msg);
      }
    }, () => undefined);

  if (allocation) {
    const arm = armOf(allocation);
    return (
      <Modal
        open
        title={t('balance.randomise.title')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose} data-testid="randomise-done">
            {t('common.confirm')}
          </Button>
        }
        modalRender={(node) => <div data-testid="randomise-dialog">{node}</div>}
      >
        <Result
          status="success"
          title={t('balance.randomise.done')}
          subTitle={
            <Descriptions size="small" column={1} data-testid="randomise-result">
              <Descriptions.Item label={t('balance.fields.randomNo')}>
                <span data-testid="randomise-random-no">{allocation.randomNo}</span>
              </Descriptions.Item>
              {arm ? (
                <Descriptions.Item label={t('balance.fields.armsOne')}>
                  <span data-testid="randomise-arm">{arm}</span>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('balance.randomise.title')}
      onCancel={onClose}
      okText={t('balance.randomise.confirm')}
      okButtonProps={{ disabled: !scheme, 'data-testid': 'randomise-submit' }}
      confirmLoading={randomise.isPending}
      onOk={submit}
      modalRender={(node) => <div data-testid="randomise-dialog">{node}</div>}
    >
      {scheme ? (
        <Alert type="warning" showIcon title={t('balance.randomise.hint', { subject: subject.subjectCode ?? subject.platformNo })} style={{ marginBottom: 16 }} />
      ) : (
        <Alert type="warning" showIcon title={t('balance.randomise.noScheme')} data-testid="randomise-no-scheme" />
      )}
      {scheme ? (
        <Form form={form} layout="vertical" initialValues={{ factors: {} }}>
          {factors.map((factor) => (
            <Form.Item
              key={factor.code}
              name={['factors', factor.code]}
              label={en ? (factor.nameEn ?? factor.name) : factor.name}
              rules={[{ required: true, message: t('balance.randomise.factorRequired', { factor: en ? (factor.nameEn ?? factor.name) : factor.name }) }]}
            >
              <Select
                options={factor.options.map((option) => ({ value: option.code, label: en ? (option.labelEn ?? option.label) : option.label }))}
                data-testid={`randomise-factor-${factor.code}`}
              />
            </Form.Item>
          ))}
          <Form.Item name="firstDrugNo" label={t('subjects.fields.firstDrugNo')} extra={t('balance.randomise.firstDrugHint')}>
            <Input maxLength={50} data-testid="randomise-first-drug" />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} data-testid="randomise-error" /> : null}
        </Form>
      ) : null}
    </Modal>
  );
}
