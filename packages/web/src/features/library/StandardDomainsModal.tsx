import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSysStandardDomainSchema } from '@dcap/core';
import type { SysStandardDomain } from '@dcap/core';
import { useDeleteStandardDomainMutation, useSaveStandardDomainMutation, useStandardDomainsQuery } from '../../api/library';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { useDeleteConfirm } from './useDeleteConfirm';

interface DomainFormValues {
  domain: string;
  description: string;
  descriptionEn: string;
}

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; domain: SysStandardDomain };

/** The standard domains with their variable counts; a domain is deleted only when it holds no variables. */
export function StandardDomainsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [form] = Form.useForm<DomainFormValues>();
  const domains = useStandardDomainsQuery();
  const save = useSaveStandardDomainMutation();
  const remove = useDeleteStandardDomainMutation();
  const confirmDelete = useDeleteConfirm();
  const editing = editor.mode === 'edit' ? editor.domain : null;

  const onFinish = async (values: DomainFormValues) => {
    try {
      await save.mutateAsync({ domain: values.domain.trim().toUpperCase(), description: values.description.trim(), descriptionEn: values.descriptionEn.trim() });
      setEditor({ mode: 'closed' });
    } catch (error) {
      showServerErrors(form, error, ['domain', 'description', 'descriptionEn']);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };

  const columns: TableColumnsType<SysStandardDomain> = [
    { key: 'domain', dataIndex: 'domain', title: t('library.domains.domain') },
    { key: 'description', dataIndex: 'description', title: t('library.domains.description') },
    { key: 'descriptionEn', dataIndex: 'descriptionEn', title: t('library.domains.descriptionEn') },
    { key: 'count', dataIndex: 'count', title: t('library.domains.count') },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, domain) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', domain })} data-testid={`domain-edit-${domain.domain}`}>
            {t('common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={domain.count > 0}
            onClick={() => confirmDelete(domain.domain, () => remove.mutateAsync(domain.domain))}
            data-testid={`domain-delete-${domain.domain}`}
          >
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Modal open={open} title={t('library.domains.title')} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="domain-create">
          {t('library.domains.create')}
        </Button>
      </Flex>
      <Table<SysStandardDomain> rowKey="domain" size="small" loading={domains.isLoading} columns={columns} dataSource={domains.data ?? []} pagination={false} data-testid="domain-table" />
      <FormModal
        open={editor.mode !== 'closed'}
        title={editing ? editing.domain : t('library.domains.create')}
        onClose={() => setEditor({ mode: 'closed' })}
        onSubmit={() => form.submit()}
        submitting={save.isPending}
        submitTestId="domain-form-submit"
      >
        <Form<DomainFormValues> form={form} preserve={false} layout="vertical" initialValues={editing ?? {}} onFinish={(values) => void onFinish(values)}>
          <Form.Item name="domain" label={t('library.domains.domain')} tooltip={t('library.domains.domainHint')} rules={[required, schemaRule(saveSysStandardDomainSchema.shape.domain, t('library.domains.domainHint'))]}>
            <Input disabled={editing !== null} data-testid="domain-form-domain" />
          </Form.Item>
          <Form.Item name="description" label={t('library.domains.description')} rules={[required, { max: 500, message: t('validation.tooLong') }]}>
            <Input data-testid="domain-form-description" />
          </Form.Item>
          <Form.Item name="descriptionEn" label={t('library.domains.descriptionEn')} rules={[required, { max: 500, message: t('validation.tooLong') }]}>
            <Input data-testid="domain-form-descriptionEn" />
          </Form.Item>
        </Form>
      </FormModal>
    </Modal>
  );
}
