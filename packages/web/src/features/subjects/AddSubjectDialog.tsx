import { App, Checkbox, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaveSubjectRequest, SubjectOptions } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useAddSubjectMutation } from './api';
import { SubjectFields } from './SubjectFields';

type Values = Omit<SaveSubjectRequest, 'confirmDuplicate'>;

/**
 * Adds a subject (spec 002 §2 "add subject"). A name already used at the site is refused by the server with
 * a warning (spec 002 §5); the dialog asks to continue or cancel and, on continue, sends it again confirmed.
 * The list shows the new subject. The pre-screening choice shows only where the project pre-screens (flag `preScreen`).
 */
export function AddSubjectDialog({ open, options, onClose }: { open: boolean; options: SubjectOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddSubjectMutation();

  const send = async (values: Values, confirmDuplicate: boolean) => {
    try {
      const subject = await add.mutateAsync({ ...values, confirmDuplicate });
      void message.success(t('subjects.add.added', { code: subject.subjectCode ?? subject.platformNo }));
      form.resetFields();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'subject.duplicate_name' && !confirmDuplicate) {
        modal.confirm({
          title: t('subjects.add.duplicateTitle'),
          content: error.msg,
          okText: t('subjects.add.continue'),
          cancelText: t('common.cancel'),
          onOk: () => send(values, true),
        });
        return;
      }
      void message.error(isApiError(error) ? error.msg : String(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('subjects.add.title')}
      width={760}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => send(values, false))}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'subject-form-submit' }}
      destroyOnHidden
      data-testid="add-subject-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ siteId: options.sites.length === 1 ? options.sites[0]?.id : undefined }}>
        <Form.Item name="siteId" label={t('subjects.fields.site')} rules={[{ required: true }]}>
          <Select options={options.sites.map((site) => ({ value: site.id, label: `${site.code} ${site.name}` }))} data-testid="subject-form-site" />
        </Form.Item>
        <SubjectFields clinicalNumber={options.clinicalNumber} full={false} />
        {options.preScreen ? (
          <Form.Item name="preScreen" valuePropName="checked">
            <Checkbox data-testid="add-subject-prescreen">{t('subjects.add.preScreen')}</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
