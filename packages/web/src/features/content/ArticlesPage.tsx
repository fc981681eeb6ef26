import { Button, Card, DatePicker, Flex, Form, Modal, Radio, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article, ArticleState } from '@dcap/core';
import { useConfirm } from '../../lib/confirm';
import { RichTextEditor } from '../panelDesigner/config/RichTextEditor';
import { useArticles, useDeleteArticle, usePublishArticle, useSaveArticle } from './api';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
const STATE_COLOURS: Record<ArticleState, string> = { draft: 'default', scheduled: 'gold', published: 'green' };
/** A bulletin's first words in the table: its text without markup. */
const preview = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent.slice(0, 80);

interface EditorState {
  id?: number;
  data: string;
  dataEn: string;
  isShow: boolean;
}

function ArticleEditor({ editing, onClose }: { editing: EditorState | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveArticle();
  const [language, setLanguage] = useState<'zh' | 'en'>('zh');
  const [draft, setDraft] = useState<EditorState | null>(editing);
  if (!draft) return null;
  const submit = async () => {
    await save.mutateAsync({ ...(draft.id ? { id: draft.id } : {}), data: draft.data, dataEn: draft.dataEn, isShow: draft.isShow ? 1 : 0 });
    onClose();
  };
  return (
    <Modal open width={820} title={draft.id ? t('content.article.edit') : t('content.article.create')} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} okButtonProps={{ loading: save.isPending, 'data-testid': 'article-save' }} destroyOnHidden>
      <Flex vertical gap={12}>
        <Radio.Group value={language} onChange={(event) => setLanguage(event.target.value as 'zh' | 'en')} optionType="button" data-testid="article-language">
          <Radio.Button value="zh">{t('content.article.contentZh')}</Radio.Button>
          <Radio.Button value="en">
            <span data-testid="article-language-en">{t('content.article.contentEn')}</span>
          </Radio.Button>
        </Radio.Group>
        {language === 'zh' ? (
          <RichTextEditor value={draft.data} onChange={(data) => setDraft((d) => (d ? { ...d, data } : d))} testId="article-content" />
        ) : (
          <RichTextEditor value={draft.dataEn} onChange={(dataEn) => setDraft((d) => (d ? { ...d, dataEn } : d))} testId="article-content-en" />
        )}
        <Space>
          <Switch checked={draft.isShow} onChange={(isShow) => setDraft((d) => (d ? { ...d, isShow } : d))} data-testid="article-show" />
          <Typography.Text>{t('content.article.isShow')}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">{t('content.article.editHint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}

function PublishDialog({ article, onClose }: { article: Article | null; onClose: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishArticle();
  const [form] = Form.useForm<{ publishedDate: Dayjs | null }>();
  if (!article) return null;
  const submit = async () => {
    const { publishedDate } = await form.validateFields();
    await publish.mutateAsync({ id: article.id, ...(publishedDate ? { publishedDate: publishedDate.toISOString() } : {}) });
    onClose();
  };
  return (
    <Modal open title={t('content.article.publishTitle')} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} okButtonProps={{ loading: publish.isPending, 'data-testid': 'article-publish-ok' }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ publishedDate: null }}>
        <Form.Item name="publishedDate" label={t('content.article.publishedDate')} extra={t('content.article.publishHint')}>
          <DatePicker showTime style={{ width: '100%' }} data-testid="article-publish-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Platform administration of bulletins (spec 000 §2.2 /sys/article, §7.2). */
export function ArticlesPage() {
  const { t } = useTranslation();
  const articles = useArticles();
  const publish = usePublishArticle();
  const remove = useDeleteArticle();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<EditorState | null>(null);
  const [publishing, setPublishing] = useState<Article | null>(null);

  const columns: TableColumnsType<Article> = [
    { title: t('content.article.columns.content'), key: 'content', render: (_, row) => <span data-testid={`article-row-${String(row.id)}`}>{preview(row.data) || preview(row.dataEn)}</span> },
    {
      title: t('content.article.columns.state'),
      key: 'state',
      width: 110,
      render: (_, row) => (
        <Tag color={STATE_COLOURS[row.state]} data-testid={`article-state-${String(row.id)}`}>
          {t(`content.article.state.${row.state}`)}
        </Tag>
      ),
    },
    { title: t('content.article.columns.isShow'), key: 'isShow', width: 90, render: (_, row) => (row.isShow === 1 ? t('common.yes') : t('common.no')) },
    { title: t('content.article.columns.publishedDate'), key: 'publishedDate', width: 160, render: (_, row) => time(row.publishedDate) },
    { title: t('content.article.columns.updatedAt'), key: 'updatedAt', width: 160, render: (_, row) => time(row.updatedAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 240,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => setEditing({ id: row.id, data: row.data, dataEn: row.dataEn, isShow: row.isShow === 1 })} data-testid={`article-edit-${String(row.id)}`}>
            {t('common.edit')}
          </Button>
          {row.state === 'draft' ? (
            <Button size="small" type="link" onClick={() => setPublishing(row)} data-testid={`article-publish-${String(row.id)}`}>
              {t('content.article.publish')}
            </Button>
          ) : (
            <Button
              size="small"
              type="link"
              onClick={() => confirm({ title: t('content.article.withdrawConfirm'), onOk: () => publish.mutateAsync({ id: row.id, publishedDate: null }) })}
              data-testid={`article-withdraw-${String(row.id)}`}
            >
              {t('content.article.withdraw')}
            </Button>
          )}
          <Button size="small" type="link" danger onClick={() => confirm({ title: t('content.article.deleteConfirm'), danger: true, onOk: () => remove.mutateAsync(row.id) })} data-testid={`article-delete-${String(row.id)}`}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('content.article.title')}
      extra={
        <Button type="primary" onClick={() => setEditing({ data: '', dataEn: '', isShow: true })} data-testid="article-new">
          {t('content.article.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('content.article.intro')}</Typography.Paragraph>
      <Table<Article> rowKey="id" size="small" loading={articles.isLoading} dataSource={articles.data ?? []} columns={columns} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
      {editing ? <ArticleEditor key={editing.id ?? 'new'} editing={editing} onClose={() => setEditing(null)} /> : null}
      {publishing ? <PublishDialog article={publishing} onClose={() => setPublishing(null)} /> : null}
    </Card>
  );
}
