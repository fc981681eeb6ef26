import { LinkOutlined, MailOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, emailSchema } from '@dcap/core';
import type { Locale } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useMailPanel, usePushPanel, useSurveyLinks } from './api';
import { SurveyLinkDialog } from './SurveyLinkDialog';

type Dialog = 'panelLink' | 'eventLink' | 'mail' | 'push' | null;

const languageOptions = (t: (key: string) => string) => LOCALES.map((locale) => ({ value: locale, label: t(`questionnaire.language.${locale}`) }));

/** "Send the record by mail": a readable copy of the panel's saved values to an address staff type. */
function MailDialog({ open, panelInstanceId, subjectId, onClose }: { open: boolean; panelInstanceId: number; subjectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const mail = useMailPanel(subjectId);
  const [form] = Form.useForm<{ email: string; language: Locale }>();
  const submit = async () => {
    const values = await form.validateFields();
    await mail.mutateAsync({ panelInstanceId, email: values.email.trim(), language: values.language });
    onClose();
  };
  return (
    <Modal open={open} title={t('questionnaire.mail.title')} onCancel={onClose} okText={t('questionnaire.mail.submit')} confirmLoading={mail.isPending} onOk={() => void submit().catch(() => undefined)} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('questionnaire.mail.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ language: currentLocale(i18n) }}>
        <Form.Item
          name="email"
          label={t('questionnaire.mail.email')}
          rules={[{ required: true }, { validator: (_, value: string | undefined) => (emailSchema.safeParse((value ?? '').trim()).success ? Promise.resolve() : Promise.reject(new Error(t('questionnaire.mail.email')))) }]}
        >
          <Input type="email" maxLength={40} data-testid="mail-panel-email" />
        </Form.Item>
        <Form.Item name="language" label={t('questionnaire.mail.language')}>
          <Select<Locale> options={languageOptions(t)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "Push the panel via a messaging app": a new panel link pushed to the subject's bound WeChat id. */
function PushDialog({ open, panelInstanceId, subjectId, onClose }: { open: boolean; panelInstanceId: number; subjectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const push = usePushPanel(subjectId);
  const links = useSurveyLinks(subjectId);
  const [language, setLanguage] = useState<Locale>(currentLocale(i18n));
  const bound = links.data?.wechatBound ?? false;
  return (
    <Modal
      open={open}
      title={t('questionnaire.push.title')}
      onCancel={onClose}
      okText={t('questionnaire.push.submit')}
      okButtonProps={{ disabled: !bound }}
      confirmLoading={push.isPending}
      onOk={() => void push.mutateAsync({ panelInstanceId, language }).then(onClose, () => undefined)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('questionnaire.push.intro')}</Typography.Paragraph>
      {bound ? null : <Typography.Paragraph type="warning">{t('questionnaire.create.noWechat')}</Typography.Paragraph>}
      <Select<Locale> value={language} onChange={setLanguage} options={languageOptions(t)} aria-label={t('questionnaire.create.language')} style={{ width: 160 }} />
    </Modal>
  );
}

/**
 * The panel header buttons of spec 002 §2: send the record by mail, push the panel via WeChat, an instrument
 * survey link and an event survey link. The server checks the right and the site again.
 */
export function PanelMessagingButtons({ panelInstanceId, subjectId }: { panelInstanceId: number; subjectId: number }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setDialog('mail')} data-testid="panel-send-mail">
        {t('records.sendMail')}
      </Button>
      <Button icon={<WechatOutlined />} onClick={() => setDialog('push')} data-testid="panel-push-wechat">
        {t('records.pushWechat')}
      </Button>
      <Button icon={<LinkOutlined />} onClick={() => setDialog('panelLink')} data-testid="panel-survey-link">
        {t('records.surveyLink')}
      </Button>
      <Button icon={<LinkOutlined />} onClick={() => setDialog('eventLink')} data-testid="event-survey-link">
        {t('records.eventSurveyLink')}
      </Button>
      <SurveyLinkDialog open={dialog === 'panelLink' || dialog === 'eventLink'} scope={dialog === 'eventLink' ? 'event' : 'panel'} panelInstanceId={panelInstanceId} subjectId={subjectId} onClose={close} />
      <MailDialog open={dialog === 'mail'} panelInstanceId={panelInstanceId} subjectId={subjectId} onClose={close} />
      <PushDialog open={dialog === 'push'} panelInstanceId={panelInstanceId} subjectId={subjectId} onClose={close} />
    </>
  );
}
