import { CopyOutlined, MailOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, QRCode, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, SURVEY_EXPIRY_DEFAULT_DAYS, SURVEY_EXPIRY_MAX_DAYS } from '@dcap/core';
import type { CreatedSurveyLink, Locale } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useCreateSurveyLink, useSendSurveyLink } from './api';

export interface SurveyLinkDialogProps {
  open: boolean;
  scope: 'panel' | 'event';
  panelInstanceId: number;
  subjectId: number;
  onClose: () => void;
}

/** The address the subject opens: this site's origin and the link's path. */
export const surveyUrl = (created: Pick<CreatedSurveyLink, 'path'>) => `${window.location.origin}${created.path}`;

/** What a made link offers: its address to copy, its QR code, and sending it by e-mail or WeChat. */
function Share({ created, subjectId }: { created: CreatedSurveyLink; subjectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendSurveyLink(subjectId);
  const [email, setEmail] = useState(created.subjectEmail ?? '');
  const url = surveyUrl(created);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    void message.success(t('questionnaire.create.copied'));
  };
  return (
    <Flex vertical gap={12} data-testid="survey-link-share">
      <Alert type="success" showIcon title={t('questionnaire.create.created')} />
      <Typography.Text strong>{t('questionnaire.create.url')}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={url} data-testid="survey-link-url" aria-label={t('questionnaire.create.url')} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('questionnaire.create.copy')}
        </Button>
      </Space.Compact>
      <Flex justify="center">
        <QRCode value={url} type="svg" size={180} aria-label={t('questionnaire.create.qr')} data-testid="survey-link-qr" />
      </Flex>
      <Space.Compact style={{ width: '100%' }}>
        <Input type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t('questionnaire.create.email')} aria-label={t('questionnaire.create.email')} maxLength={40} />
        <Button
          icon={<MailOutlined />}
          loading={send.isPending && send.variables.channel === 'email'}
          disabled={email.trim() === ''}
          onClick={() => send.mutate({ linkId: created.link.id, token: created.token, channel: 'email', email: email.trim() })}
          data-testid="survey-send-email"
        >
          {t('questionnaire.create.sendEmail')}
        </Button>
      </Space.Compact>
      <Space>
        <Button
          icon={<WechatOutlined />}
          disabled={!created.wechatBound}
          loading={send.isPending && send.variables.channel === 'wechat'}
          onClick={() => send.mutate({ linkId: created.link.id, token: created.token, channel: 'wechat' })}
          data-testid="survey-send-wechat"
        >
          {t('questionnaire.create.sendWechat')}
        </Button>
        {created.wechatBound ? null : <Typography.Text type="secondary">{t('questionnaire.create.noWechat')}</Typography.Text>}
      </Space>
    </Flex>
  );
}

/** Spec 002 §2 "generate an instrument (event) survey link": choose the language and validity, make the link, share it. */
export function SurveyLinkDialog({ open, scope, panelInstanceId, subjectId, onClose }: SurveyLinkDialogProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateSurveyLink(subjectId);
  const [created, setCreated] = useState<CreatedSurveyLink | null>(null);
  const [form] = Form.useForm<{ language: Locale; expiresInDays: number }>();
  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    setCreated(await create.mutateAsync({ panelInstanceId, scope, language: values.language, expiresInDays: values.expiresInDays }));
  };
  return (
    <Modal
      open={open}
      title={t(scope === 'panel' ? 'questionnaire.create.panelTitle' : 'questionnaire.create.eventTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="survey-link-done">
            {t('questionnaire.create.close')}
          </Button>
        ) : (
          <Button type="primary" loading={create.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="survey-link-create">
            {t('questionnaire.create.submit')}
          </Button>
        )
      }
    >
      {created ? (
        <Share created={created} subjectId={subjectId} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ language: currentLocale(i18n), expiresInDays: SURVEY_EXPIRY_DEFAULT_DAYS }}>
          <Typography.Paragraph type="secondary">{t('questionnaire.create.intro')}</Typography.Paragraph>
          <Form.Item name="language" label={t('questionnaire.create.language')} rules={[{ required: true }]}>
            <Select<Locale> options={LOCALES.map((locale) => ({ value: locale, label: t(`questionnaire.language.${locale}`) }))} data-testid="survey-link-language" />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('questionnaire.create.expires')} rules={[{ required: true }]}>
            <InputNumber min={1} max={SURVEY_EXPIRY_MAX_DAYS} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
