import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Modal, Progress, Select, Space, Spin, Switch, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodingDictionary, CodingDictionaryKind } from '@dcap/core';
import { CODING_ACCEPT, CODING_DICTIONARY_KINDS, CODING_MAX_BYTES, jobPercent } from '@dcap/core';
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
        <Alert type="info" showIcon title={t('coding.upload.queuedHint')} style={{ marginBottom: 16 }} />
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

/** An upload's state: a progress bar while its job imports, then ready, or failed with a link to its problems. */
function StatusCell({ dictionary, onProblems }: { dictionary: CodingDictionary; onProblems: () => void }) {
  const { t } = useTranslation();
  const id = String(dictionary.id);
  if (dictionary.status === 'importing') {
    const progress = dictionary.progress ?? { done: 0, total: 0 };
    return (
      <Flex vertical gap={0} data-testid={`coding-status-${id}`}>
        <Tag color="processing" style={{ alignSelf: 'flex-start' }}>
          {t('coding.status.importing')}
        </Tag>
        <Progress size="small" percent={jobPercent('running', progress)} status="active" data-testid={`coding-progress-${id}`} />
      </Flex>
    );
  }
  if (dictionary.status === 'failed') {
    return (
      <Space size={4} data-testid={`coding-status-${id}`}>
        <Tag color="error">{t('coding.status.failed')}</Tag>
        <Button size="small" type="link" danger data-testid={`coding-problems-${id}`} onClick={onProblems}>
          {t('coding.actions.problems')}
        </Button>
      </Space>
    );
  }
  return (
    <Tag color="success" data-testid={`coding-status-${id}`}>
      {t('coding.status.ready')}
    </Tag>
  );
}

/** A failed upload's refusal and its rows' problems, in the reader's language. */
function ProblemsModal({ dictionary, onClose }: { dictionary: CodingDictionary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const unlisted = dictionary ? dictionary.problemCount - dictionary.problems.length : 0;
  return (
    <Modal open={dictionary !== null} onCancel={onClose} footer={null} width={720} title={dictionary ? t('coding.problems.title', { name: dictionary.name, version: dictionary.version }) : ''} destroyOnHidden>
      {dictionary ? (
        <Flex vertical gap={12} data-testid="coding-problems">
          <Alert type="error" showIcon title={dictionary.failure} />
          {dictionary.problems.length > 0 ? (
            <ul style={{ maxHeight: 360, overflow: 'auto', margin: 0, paddingInlineStart: 18 }} data-testid="coding-problem-list">
              {dictionary.problems.map((problem) => (
                <li key={`${String(problem.row)}:${problem.column ?? ''}:${problem.message}`}>{`${t('coding.problems.row', { row: problem.row })}${problem.column ? ` ${problem.column}` : ''}: ${problem.message}`}</li>
              ))}
            </ul>
          ) : null}
          {unlisted > 0 ? <Typography.Text type="secondary">{t('coding.problems.more', { count: unlisted })}</Typography.Text> : null}
        </Flex>
      ) : null}
    </Modal>
  );
}

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library"): the dictionaries a
 * licence holder uploaded, every version, enabled or not; uploads imported by a background job with their
 * progress (the list asks again while one imports), a failed upload's row problems; a term browser.
 */
export function CodingLibraryPage() {
  const { t } = useTranslation();
  const list = useCodingDictionaries();
  const enable = useDictionaryEnable();
  const remove = useDictionaryDelete();
  const confirm = useConfirm();
  const [uploading, setUploading] = useState(false);
  const [browsing, setBrowsing] = useState<CodingDictionary | null>(null);
  const [failed, setFailed] = useState<CodingDictionary | null>(null);
  const columns: TableColumnsType<CodingDictionary> = [
    { title: t('coding.columns.name'), dataIndex: 'name', width: 140 },
    { title: t('coding.columns.kind'), dataIndex: 'kind', width: 100, render: (kind: CodingDictionaryKind) => <Tag>{t(`coding.kind.${kind}`)}</Tag> },
    { title: t('coding.columns.version'), dataIndex: 'version', width: 80 },
    { title: t('coding.columns.language'), dataIndex: 'language', width: 90, render: (value: string) => value || '—' },
    { title: t('coding.columns.status'), key: 'status', width: 130, render: (_, d) => <StatusCell dictionary={d} onProblems={() => setFailed(d)} /> },
    { title: t('coding.columns.terms'), dataIndex: 'termCount', width: 80, align: 'right' },
    { title: t('coding.columns.codings'), dataIndex: 'codingCount', width: 80, align: 'right' },
    {
      title: t('coding.columns.enabled'),
      key: 'enabled',
      width: 80,
      render: (_, d) => <Switch size="small" checked={d.enabled} disabled={d.status !== 'ready'} loading={enable.isPending && enable.variables.id === d.id} data-testid={`coding-enable-${String(d.id)}`} onChange={(enabled) => enable.mutate({ id: d.id, enabled })} />,
    },
    { title: t('coding.columns.uploaded'), key: 'uploaded', width: 170, render: (_, d) => `${d.uploadedBy} ${dayjs(d.uploadedAt).format('YYYY-MM-DD HH:mm')}` },
    { title: t('coding.columns.licenceNote'), dataIndex: 'licenceNote', ellipsis: true, render: (value: string) => value || '—' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 130,
      render: (_, d) => (
        <Space size={0}>
          <Button size="small" type="link" disabled={d.status !== 'ready'} data-testid={`coding-browse-${String(d.id)}`} onClick={() => setBrowsing(d)}>
            {t('coding.actions.terms')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            disabled={d.codingCount > 0 || d.status === 'importing'}
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
      <ProblemsModal dictionary={failed} onClose={() => setFailed(null)} />
      <Modal open={browsing !== null} onCancel={() => setBrowsing(null)} footer={null} width={1000} title={browsing ? `${browsing.name} ${browsing.version}` : ''} destroyOnHidden>
        {browsing ? <TermBrowser scope="sys" dictionaryId={browsing.id} kind={browsing.kind} /> : null}
      </Modal>
    </Card>
  );
}
