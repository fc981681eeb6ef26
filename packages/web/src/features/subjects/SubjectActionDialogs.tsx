import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Subject, SubjectStatus } from '@dcap/core';
import { REASON_REQUIRED_STATUSES, statusCallTargets, SUBJECT_LONG_TEXT_MAX, SUBJECT_TEXT_MAX } from '@dcap/core';
import { useChangeStatusMutation, useEnrolMutation, useRollbackRequestMutation, useScreeningResultMutation } from './api';

export type SubjectDialog = 'status' | 'enrol' | 'screening' | 'rollback' | null;

interface DialogProps {
  subject: Subject;
  open: SubjectDialog;
  /** The status chosen in the header's menu, preselected in the status dialog. */
  status?: SubjectStatus;
  onClose: () => void;
}

/** The status, enrolment, screening-result and rollback dialogs of a subject (spec 002 §4, §5). */
export function SubjectActionDialogs({ subject, open, status, onClose }: DialogProps) {
  return (
    <>
      {open === 'status' ? <StatusDialog subject={subject} initial={status} onClose={onClose} /> : null}
      {open === 'enrol' ? <EnrolDialog subject={subject} onClose={onClose} /> : null}
      {open === 'screening' ? <ScreeningDialog subject={subject} onClose={onClose} /> : null}
      {open === 'rollback' ? <RollbackDialog subject={subject} onClose={onClose} /> : null}
    </>
  );
}

const reasonRule = (message: string) => ({ required: true, whitespace: true, message });

function StatusDialog({ subject, initial, onClose }: { subject: Subject; initial?: SubjectStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: SubjectStatus; reason?: string }>();
  const change = useChangeStatusMutation();
  const status = Form.useWatch('status', form);
  const targets = statusCallTargets(subject.status);
  return (
    <Modal
      open
      title={t('subjects.statusDialog.title')}
      onCancel={onClose}
      confirmLoading={change.isPending}
      onOk={() =>
        void form.validateFields().then(async (values) => {
          await change.mutateAsync({ id: subject.id, version: subject.version, status: values.status, reason: values.reason ?? null });
          onClose();
        })
        // A refusal is shown by the api client; the dialog stays open.
        .catch(() => undefined)
      }
      data-testid="status-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ status: initial }}>
        <Form.Item name="status" label={t('subjects.statusDialog.to')} rules={[{ required: true }]}>
          <Select options={targets.map((value) => ({ value, label: t(`subjects.status.${value}`) }))} data-testid="status-dialog-to" />
        </Form.Item>
        {status === 'TEST_FIX' ? <Alert type="info" showIcon title={t('subjects.statusDialog.completionHint')} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="reason"
          label={t('subjects.statusDialog.reason')}
          rules={REASON_REQUIRED_STATUSES.includes(status) ? [reasonRule(t('subjects.statusDialog.reasonRequired'))] : []}
        >
          <Input.TextArea maxLength={SUBJECT_LONG_TEXT_MAX} rows={3} data-testid="status-dialog-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const ENROL_TEST_IDS = { randomNo: 'enrol-random-no', treatmentPhase: 'enrol-treatment-phase', firstDrugNo: 'enrol-first-drug-no' } as const;

/** Spec 002 §5: enrolment requires random number, treatment phase and first drug number. */
function EnrolDialog({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ randomNo: string; treatmentPhase: string; firstDrugNo: string }>();
  const enrol = useEnrolMutation();
  const field = (name: 'randomNo' | 'treatmentPhase' | 'firstDrugNo') => (
    <Form.Item
      name={name}
      label={t(`subjects.fields.${name}`)}
      rules={[{ required: true, whitespace: true, message: t('subjects.enrolDialog.required', { field: t(`subjects.fields.${name}`) }) }]}
    >
      <Input maxLength={SUBJECT_TEXT_MAX} data-testid={ENROL_TEST_IDS[name]} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('subjects.enrolDialog.title')}
      onCancel={onClose}
      confirmLoading={enrol.isPending}
      okButtonProps={{ 'data-testid': 'enrol-submit' }}
      onOk={() =>
        void form.validateFields().then(async (values) => {
          await enrol.mutateAsync({ id: subject.id, version: subject.version, ...values });
          onClose();
        })
        // A refusal is shown by the api client; the dialog stays open.
        .catch(() => undefined)
      }
      data-testid="enrol-dialog"
    >
      <Alert type="warning" showIcon title={t('subjects.enrolDialog.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        {field('randomNo')}
        {field('treatmentPhase')}
        {field('firstDrugNo')}
      </Form>
    </Modal>
  );
}

function ScreeningDialog({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ result: 'success' | 'failure'; reason?: string }>();
  const record = useScreeningResultMutation();
  const result = Form.useWatch('result', form);
  return (
    <Modal
      open
      title={t('subjects.screeningDialog.title')}
      onCancel={onClose}
      confirmLoading={record.isPending}
      onOk={() =>
        void form.validateFields().then(async (values) => {
          await record.mutateAsync({ id: subject.id, version: subject.version, result: values.result, reason: values.reason ?? null });
          onClose();
        })
        // A refusal is shown by the api client; the dialog stays open.
        .catch(() => undefined)
      }
      data-testid="screening-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ result: 'success' }}>
        <Form.Item name="result" label={t('subjects.screeningDialog.result')}>
          <Radio.Group
            options={[
              { value: 'success', label: t('subjects.screeningDialog.success') },
              { value: 'failure', label: t('subjects.screeningDialog.failure') },
            ]}
          />
        </Form.Item>
        {result === 'failure' ? (
          <Form.Item name="reason" label={t('subjects.screeningDialog.reason')} rules={[reasonRule(t('subjects.statusDialog.reasonRequired'))]}>
            <Input.TextArea maxLength={SUBJECT_LONG_TEXT_MAX} rows={3} data-testid="screening-dialog-reason" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

function RollbackDialog({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const request = useRollbackRequestMutation();
  return (
    <Modal
      open
      title={t('subjects.rollbackDialog.title')}
      onCancel={onClose}
      confirmLoading={request.isPending}
      onOk={() =>
        void form.validateFields().then(async (values) => {
          await request.mutateAsync({ subjectId: subject.id, reason: values.reason });
          onClose();
        })
        // A refusal is shown by the api client; the dialog stays open.
        .catch(() => undefined)
      }
      data-testid="rollback-dialog"
    >
      <Alert type="info" showIcon title={t('subjects.rollbackDialog.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('subjects.rollbackDialog.reason')} rules={[reasonRule(t('subjects.statusDialog.reasonRequired'))]}>
          <Input.TextArea maxLength={SUBJECT_LONG_TEXT_MAX} rows={3} data-testid="rollback-dialog-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
