import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Modal, Select, Space, Spin, Switch, Table, Tag, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodingDictionary, CodingDictionaryKind } from '@dcap/core';
import { CODING_ACCEPT, CODING_DICTIONARY_KINDS, CODING_MAX_BYTES } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useConfirm } from '../../lib/confirm';
import { useCodingDictionaries, useDictionaryDelete, useDictionaryEnable, useDictionaryUpload } from './api';
import { TermBrowser } from './TermBrowser';

const LIMIT_MB = CODING_MAX_BYTES / 1024 / 1024;

interface UploadForm {
  name: string;
  kind: CodingDictionaryKind;
  version: string;
  language?: string;
  licenceNote?: string;
}

/** A dictionary file with what it is; a refused file lists its rows' problems in the dialog. */
function UploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useDictionaryUpload();
  const problems = isApiError(upload.error) ? upload.error.errors : [];
  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    upload.reset();
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError(t('coding.upload.fileRequired'));
      return;
    }
    upload.mutate({ ...values, file }, { onSuccess: close });
  };
  return (
    <Modal
      open={open}
      title={t('coding.upload.title')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('coding.upload.submit')}
      okButtonProps={{ loading: upload.isPending, 'data-testid': 'coding-upload-ok' }}
      width={640}
      destroyOnHidden
    >
      <Spin spinning={upload.isPending} description={t('coding.upload.working')}>
        <Form form={form} layout="vertical" initialValues={{ kind: 'MedDRA' }} data-testid="coding-upload-form">
          <Form.Item name="name" label={t('coding.columns.name')} rules={[{ required: true, whitespace: true, message: t('coding.upload.nameRequired') }, { max: 100 }]}>
            <Input data-testid="coding-upload-name" />
          </Form.Item>
          <Space size="middle" wrap>
            <Form.Item name="kind" label={t('coding.columns.kind')} rules={[{ required: true }]}>
              <Select style={{ width: 160 }} options={CODING_DICTIONARY_KINDS.map((kind) => ({ value: kind, label: t(`coding.kind.${kind}`) }))} data-testid="coding-upload-kind" />
            </Form.Item>
            <Form.Item name="version" label={t('coding.columns.version')} rules={[{ required: true, whitespace: true, message: t('coding.upload.versionRequired') }, { max: 32 }]}>
              <Input style={{ width: 140 }} data-testid="coding-upload-version" />
            </Form.Item>
            <Form.Item name="language" label={t('coding.columns.language')} rules={[{ max: 16 }]}>
              <Input style={{ width: 120 }} data-testid="coding-upload-language" />
            </Form.Item>
          </Space>
          <Form.Item name="licenceNote" label={t('coding.columns.licenceNote')} rules={[{ max: 1000 }]}>
            <Input.TextArea rows={2} data-testid="coding-upload-licence" />
          </Form.Item>
          <Form.Item label={t('coding.upload.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('coding.upload.fileHint', { limit: LIMIT_MB })}>
            <Upload
              accept={CODING_ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: 'dictionary', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setFileError(chosen.size > CODING_MAX_BYTES ? t('coding.upload.tooLarge', { limit: LIMIT_MB }) : null);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="coding-upload-file">
                {t('coding.upload.choose')}
              </Button>
            </Upload>
          </Form.Item>
        </Form>
        {problems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={upload.error?.message}
            description={
              <ul style={{ maxHeight: 200, overflow: 'auto', margin: 0, paddingInlineStart: 18 }} data-testid="coding-upload-problems">
                {problems.map((problem) => (
                  <li key={`${problem.path}:${problem.message}`}>{`${problem.path}: ${problem.message}`}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Spin>
    </Modal>
  );
}

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library"): the dictionaries a
 * licence holder uploaded, every version, enabled or not; uploads checked row by row; a term browser.
 */
export function CodingLibraryPage() {
  const { t } = useTranslation();
  const list = useCodingDictionaries();
  const enable = useDictionaryEnable();
  const remove = useDictionaryDelete();
  const confirm = useConfirm();
  const [uploading, setUploading] = useState(false);
  const [browsing, setBrowsing] = useState<CodingDictionary | null>(null);
  const columns: TableColumnsType<CodingDictionary> = [
    { title: t('coding.columns.name'), dataIndex: 'name' },
    { title: t('coding.columns.kind'), dataIndex: 'kind', width: 110, render: (kind: CodingDictionaryKind) => <Tag>{t(`coding.kind.${kind}`)}</Tag> },
    { title: t('coding.columns.version'), dataIndex: 'version', width: 90 },
    { title: t('coding.columns.language'), dataIndex: 'language', width: 80, render: (value: string) => value || '—' },
    { title: t('coding.columns.terms'), dataIndex: 'termCount', width: 100, align: 'right' },
    { title: t('coding.columns.codings'), dataIndex: 'codingCount', width: 100, align: 'right' },
    {
      title: t('coding.columns.enabled'),
      key: 'enabled',
      width: 90,
      render: (_, d) => <Switch size="small" checked={d.enabled} loading={enable.isPending && enable.variables.id === d.id} data-testid={`coding-enable-${String(d.id)}`} onChange={(enabled) => enable.mutate({ id: d.id, enabled })} />,
    },
    { title: t('coding.columns.uploaded'), key: 'uploaded', width: 200, render: (_, d) => `${d.uploadedBy} ${dayjs(d.uploadedAt).format('YYYY-MM-DD HH:mm')}` },
    { title: t('coding.columns.licenceNote'), dataIndex: 'licenceNote', ellipsis: true, render: (value: string) => value || '—' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_, d) => (
        <Space size={0}>
          <Button size="small" type="link" data-testid={`coding-browse-${String(d.id)}`} onClick={() => setBrowsing(d)}>
            {t('coding.actions.terms')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            disabled={d.codingCount > 0}
            data-testid={`coding-delete-${String(d.id)}`}
            onClick={() => confirm({ title: t('coding.confirm.delete', { name: d.name, version: d.version }), danger: true, onOk: () => remove.mutateAsync(d.id) })}
          >
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card title={t('coding.libraryTitle')} data-testid="coding-library-page">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={8}>
          <Alert type="info" showIcon title={t('coding.libraryHint')} />
          <Button type="primary" icon={<UploadOutlined />} data-testid="coding-upload" onClick={() => setUploading(true)}>
            {t('coding.actions.upload')}
          </Button>
        </Flex>
        <Table rowKey="id" size="middle" loading={list.isLoading} columns={columns} dataSource={list.data ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="coding-dictionary-table" />
      </Flex>
      <UploadModal open={uploading} onClose={() => setUploading(false)} />
      <Modal open={browsing !== null} onCancel={() => setBrowsing(null)} footer={null} width={1000} title={browsing ? `${browsing.name} ${browsing.version}` : ''} destroyOnHidden>
        {browsing ? <TermBrowser scope="sys" dictionaryId={browsing.id} kind={browsing.kind} /> : null}
      </Modal>
    </Card>
  );
}
