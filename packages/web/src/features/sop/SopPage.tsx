import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Form, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SopDocument, SopRights, SopStatus, SopVersion } from '@dcap/core';
import { SOP_ACCEPT, SOP_MAX_BYTES, SOP_STATUSES } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import type { SopStep } from './api';
import { useSopDetail, useSopDownload, useSopList, useSopStep, useSopUpload } from './api';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
const STATUS_COLOURS: Record<SopStatus, string> = { DRAFT: 'default', REVIEW: 'processing', APPROVED: 'success', OBSOLETE: 'warning' };
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function SopStatusTag({ status }: { status: SopStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid={`sop-status-${status}`}>
      {t(`sop.status.${status}`)}
    </Tag>
  );
}

interface UploadForm {
  code?: string;
  title?: string;
  titleEn?: string;
  note?: string;
}

/** A new document (code and titles) or a new version of one: the file, and what changed. */
function UploadModal({ document, open, onClose }: { document: SopDocument | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useSopUpload();
  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError(t('sop.upload.fileRequired'));
      return;
    }
    upload.mutate({ ...values, file, ...(document ? { documentId: document.id } : {}) }, { onSuccess: close });
  };
  return (
    <Modal
      open={open}
      title={document ? t('sop.upload.versionTitle', { code: document.code }) : t('sop.upload.newTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('sop.upload.submit')}
      okButtonProps={{ loading: upload.isPending, 'data-testid': 'sop-upload-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="sop-upload-form">
        {document ? null : (
          <>
            <Form.Item name="code" label={t('sop.columns.code')} rules={[{ required: true, whitespace: true, message: t('sop.upload.codeRequired') }, { max: 64 }]}>
              <Input data-testid="sop-upload-code" />
            </Form.Item>
            <Form.Item name="title" label={t('sop.upload.titleZh')} rules={[{ required: true, whitespace: true, message: t('sop.upload.titleRequired') }, { max: 200 }]}>
              <Input data-testid="sop-upload-title" />
            </Form.Item>
            <Form.Item name="titleEn" label={t('sop.upload.titleEn')} rules={[{ max: 200 }]}>
              <Input data-testid="sop-upload-title-en" />
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label={t('sop.columns.note')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} data-testid="sop-upload-note" />
        </Form.Item>
        <Form.Item label={t('sop.upload.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('sop.upload.fileHint', { limit: SOP_MAX_BYTES / 1024 / 1024 })}>
          <Upload
            accept={SOP_ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: 'sop', name: file.name, status: 'done' }] : []}
            onRemove={() => setFile(null)}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setFileError(chosen.size > SOP_MAX_BYTES ? t('sop.upload.tooLarge', { limit: SOP_MAX_BYTES / 1024 / 1024 }) : null);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="sop-upload-file">
              {t('sop.upload.choose')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A rejection names its reason (the server refuses one without). */
function RejectModal({ version, onClose }: { version: SopVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  const step = useSopStep();
  const submit = async () => {
    const { comment } = await form.validateFields();
    if (version) step.mutate({ step: 'reject', versionId: version.id, comment }, { onSuccess: () => { form.resetFields(); onClose(); } });
  };
  return (
    <Modal open={version !== null} title={t('sop.reject.title', { version: version?.version ?? '' })} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ danger: true, loading: step.isPending, 'data-testid': 'sop-reject-ok' }} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="comment" label={t('sop.reject.reason')} rules={[{ required: true, whitespace: true, message: t('sop.reject.reasonRequired') }, { max: 2000 }]}>
          <Input.TextArea rows={3} data-testid="sop-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A document's versions, newest first, with the review steps the caller may take. */
function VersionsModal({ documentId, rights, onClose, onUpload }: { documentId: number | null; rights: SopRights; onClose: () => void; onUpload: (document: SopDocument) => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const detail = useSopDetail(documentId);
  const step = useSopStep();
  const download = useSopDownload();
  const confirm = useConfirm();
  const [rejecting, setRejecting] = useState<SopVersion | null>(null);
  const data = detail.data;
  const act = (name: SopStep, version: SopVersion) =>
    confirm({ title: t(`sop.confirm.${name}`, { version: version.version }), danger: name === 'retire', onOk: () => step.mutateAsync({ step: name, versionId: version.id }) });
  const columns: TableColumnsType<SopVersion> = [
    { title: t('sop.columns.version'), dataIndex: 'version', width: 70, render: (value: number) => `v${String(value)}` },
    { title: t('sop.columns.status'), dataIndex: 'status', width: 100, render: (status: SopStatus) => <SopStatusTag status={status} /> },
    { title: t('sop.columns.file'), key: 'file', render: (_, v) => `${v.fileName} (${size(v.size)})` },
    { title: t('sop.columns.uploaded'), key: 'uploaded', render: (_, v) => `${v.uploadedBy} ${time(v.uploadedAt)}` },
    {
      title: t('sop.columns.reviewed'),
      key: 'reviewed',
      render: (_, v) => (v.reviewedBy ? <span>{`${v.reviewedBy} ${time(v.reviewedAt)}`}{v.reviewComment ? <Typography.Text type="secondary"> · {v.reviewComment}</Typography.Text> : null}</span> : '—'),
    },
    { title: t('sop.columns.note'), dataIndex: 'note', render: (note: string) => note || '—' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 250,
      render: (_, v) => (
        <Space size={0} wrap>
          <Button size="small" type="link" icon={<DownloadOutlined />} data-testid={`sop-download-${String(v.id)}`} onClick={() => download.mutate(v.id, { onSuccess: saveFile })}>
            {t('sop.actions.download')}
          </Button>
          {rights.manage && v.status === 'DRAFT' ? (
            <Button size="small" type="link" data-testid={`sop-submit-${String(v.id)}`} onClick={() => act('submit', v)}>
              {t('sop.actions.submit')}
            </Button>
          ) : null}
          {rights.approve && v.status === 'REVIEW' ? (
            <>
              <Button size="small" type="link" data-testid={`sop-approve-${String(v.id)}`} onClick={() => act('approve', v)}>
                {t('sop.actions.approve')}
              </Button>
              <Button size="small" type="link" danger data-testid={`sop-reject-${String(v.id)}`} onClick={() => setRejecting(v)}>
                {t('sop.actions.reject')}
              </Button>
            </>
          ) : null}
          {rights.approve && v.status === 'APPROVED' ? (
            <Button size="small" type="link" danger data-testid={`sop-retire-${String(v.id)}`} onClick={() => act('retire', v)}>
              {t('sop.actions.retire')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Modal open={documentId !== null} onCancel={onClose} footer={null} width={1100} title={data ? `${data.code} ${english && data.titleEn ? data.titleEn : data.title}` : t('sop.versions')} destroyOnHidden>
      {data ? (
        <Flex vertical gap={12} data-testid="sop-versions">
          <Flex justify="space-between" align="center">
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('sop.columns.effective')}>{data.effectiveVersion === null ? t('sop.none') : `v${String(data.effectiveVersion)}`}</Descriptions.Item>
              <Descriptions.Item label={t('sop.columns.versionCount')}>{data.versionCount}</Descriptions.Item>
            </Descriptions>
            {rights.manage ? (
              <Button icon={<UploadOutlined />} data-testid="sop-new-version" onClick={() => onUpload(data)}>
                {t('sop.actions.newVersion')}
              </Button>
            ) : null}
          </Flex>
          <Table rowKey="id" size="small" columns={columns} dataSource={data.versions} pagination={false} />
        </Flex>
      ) : null}
      <RejectModal version={rejecting} onClose={() => setRejecting(null)} />
    </Modal>
  );
}

/**
 * SOP management (spec 000 §2.2 /sopManage/sopDetail): the project's procedures with their latest version
 * and review status, filtered by keyword and status; uploads and review steps for those with the rights
 * (docs/decisions.md "SOP management").
 */
export function SopPage() {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const [form] = Form.useForm<{ keyword?: string; status?: SopStatus }>();
  const [filters, setFilters] = useState<{ keyword: string; status?: SopStatus }>({ keyword: '' });
  const list = useSopList(filters.keyword, filters.status);
  const [opened, setOpened] = useState<number | null>(null);
  const [uploading, setUploading] = useState<{ document: SopDocument | null } | null>(null);
  const rights = list.data?.rights ?? { manage: false, approve: false };
  const columns: TableColumnsType<SopDocument> = [
    { title: t('sop.columns.code'), dataIndex: 'code', width: 140 },
    { title: t('sop.columns.title'), key: 'title', render: (_, d) => (english && d.titleEn ? d.titleEn : d.title) },
    { title: t('sop.columns.latest'), key: 'latest', width: 110, render: (_, d) => `v${String(d.latest.version)}` },
    { title: t('sop.columns.status'), key: 'status', width: 120, render: (_, d) => <SopStatusTag status={d.latest.status} /> },
    { title: t('sop.columns.effective'), key: 'effective', width: 120, render: (_, d) => (d.effectiveVersion === null ? t('sop.none') : `v${String(d.effectiveVersion)}`) },
    { title: t('sop.columns.updatedAt'), dataIndex: 'updatedAt', width: 160, render: (value: string) => time(value) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, d) => (
        <Button size="small" type="link" data-testid={`sop-open-${d.code}`} onClick={() => setOpened(d.id)}>
          {t('sop.actions.versions')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('sop.title')} data-testid="sop-page">
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={8}>
          <Form form={form} layout="inline" onFinish={(values) => setFilters({ keyword: values.keyword?.trim() ?? '', status: values.status })}>
            <Form.Item name="keyword">
              <Input allowClear placeholder={t('sop.filters.keyword')} style={{ width: 220 }} data-testid="sop-keyword" />
            </Form.Item>
            <Form.Item name="status">
              <Select allowClear placeholder={t('sop.filters.status')} style={{ width: 160 }} options={SOP_STATUSES.map((status) => ({ value: status, label: t(`sop.status.${status}`) }))} data-testid="sop-status-filter" />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="sop-search">
              {t('sop.filters.search')}
            </Button>
          </Form>
          {rights.manage ? (
            <Button type="primary" icon={<UploadOutlined />} data-testid="sop-new" onClick={() => setUploading({ document: null })}>
              {t('sop.actions.new')}
            </Button>
          ) : null}
        </Flex>
        <Table rowKey="id" size="middle" loading={list.isLoading} columns={columns} dataSource={list.data?.documents ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="sop-table" />
      </Flex>
      <VersionsModal documentId={opened} rights={rights} onClose={() => setOpened(null)} onUpload={(document) => setUploading({ document })} />
      <UploadModal open={uploading !== null} document={uploading?.document ?? null} onClose={() => setUploading(null)} />
    </Card>
  );
}
