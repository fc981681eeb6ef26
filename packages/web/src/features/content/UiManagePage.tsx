import { Alert, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiConfig, UiConfigSave, UiImageSlot } from '@dcap/core';
import { UI_DESCRIPTION_MAX, UI_FOOTER_MAX, UI_IMAGE_SLOTS, UI_NOTICE_MAX } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { PageSpin } from '../../components/PageSpin';
import { ImageField } from './ImageField';
import { useSaveUiConfig, useUiConfig } from './api';
import './content.css';

type Images = Record<UiImageSlot, string | null>;
interface TextValues {
  footer: string;
  footerEn: string;
  loginUrl: string;
  description: string;
  notice: string;
  noticeEn: string;
}

const imagesOf = (config: UiConfig): Images => ({ loginLogo: config.loginLogo, bigLogo: config.bigLogo, smallLogo: config.smallLogo, background: config.background });
const textOf = (config: UiConfig): TextValues => ({
  footer: config.footer ?? '',
  footerEn: config.footerEn ?? '',
  loginUrl: config.loginUrl ?? '',
  description: config.description ?? '',
  notice: config.notice ?? '',
  noticeEn: config.noticeEn ?? '',
});
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function UiSettingsForm({ config }: { config: UiConfig }) {
  const { t } = useTranslation();
  const save = useSaveUiConfig();
  const [form] = Form.useForm<TextValues>();
  const [images, setImages] = useState<Images>(() => imagesOf(config));
  // Undefined at runtime until the form has mounted, though typed as the field's string.
  const loginUrl = Form.useWatch('loginUrl', form) || (config.loginUrl ?? '');
  useEffect(() => setImages(imagesOf(config)), [config]);

  const submit = async (values: TextValues) => {
    const body: UiConfigSave = {
      projectId: config.projectId,
      footer: orNull(values.footer),
      footerEn: orNull(values.footerEn),
      loginUrl: orNull(values.loginUrl),
      description: orNull(values.description),
      notice: orNull(values.notice),
      noticeEn: orNull(values.noticeEn),
    };
    // Only the images that changed travel: four at once would come near the request's size limit.
    for (const slot of UI_IMAGE_SLOTS) if (images[slot] !== config[slot]) body[slot] = images[slot];
    await save.mutateAsync(body).catch(() => undefined);
  };

  const portal = loginUrl.trim() ? `${window.location.origin}/portal/${loginUrl.trim().toLowerCase()}` : null;
  return (
    <Form<TextValues> form={form} layout="vertical" initialValues={textOf(config)} onFinish={(values) => void submit(values)} style={{ maxWidth: 880 }}>
      {UI_IMAGE_SLOTS.map((slot) => (
        <Form.Item key={slot} label={t(`content.ui.fields.${slot}`)}>
          <ImageField slot={slot} value={images[slot]} onChange={(url) => setImages((current) => ({ ...current, [slot]: url }))} />
        </Form.Item>
      ))}
      <Form.Item name="footer" label={t('content.ui.fields.footer')} extra={t('content.ui.footerHint')}>
        <Input.TextArea rows={2} maxLength={UI_FOOTER_MAX} data-testid="ui-footer" />
      </Form.Item>
      <Form.Item name="footerEn" label={t('content.ui.fields.footerEn')}>
        <Input.TextArea rows={2} maxLength={UI_FOOTER_MAX} data-testid="ui-footer-en" />
      </Form.Item>
      <Form.Item
        name="loginUrl"
        label={t('content.ui.fields.loginUrl')}
        extra={portal ? <span data-testid="ui-portal-link">{t('content.ui.portalAt', { url: portal })}</span> : t('content.ui.loginUrlHint')}
        rules={[{ pattern: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,46}[A-Za-z0-9])?$/, message: t('content.ui.loginUrlFormat') }]}
      >
        <Input prefix="/portal/" maxLength={48} data-testid="ui-login-url" />
      </Form.Item>
      <Form.Item name="description" label={t('content.ui.fields.description')}>
        <Input.TextArea rows={3} maxLength={UI_DESCRIPTION_MAX} data-testid="ui-description" />
      </Form.Item>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('content.ui.scriptsReplaced')} />
      <Form.Item name="notice" label={t('content.ui.fields.notice')}>
        <Input.TextArea rows={2} maxLength={UI_NOTICE_MAX} data-testid="ui-notice" />
      </Form.Item>
      <Form.Item name="noticeEn" label={t('content.ui.fields.noticeEn')}>
        <Input.TextArea rows={2} maxLength={UI_NOTICE_MAX} data-testid="ui-notice-en" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ui-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}

/** Project UI settings (spec 002 §3 "UI settings"; spec 000 §2.2 /project/uimanage). */
export function UiManagePage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  const config = useUiConfig(project?.id);
  if (!project) return <Result status="info" title={t('content.ui.noProject')} />;
  if (config.isError) return <Result status="warning" title={t('common.loadFailed')} />;
  if (!config.data) return <PageSpin />;
  return (
    <Card title={t('content.ui.title')}>
      <Typography.Paragraph type="secondary">{t('content.ui.intro')}</Typography.Paragraph>
      <UiSettingsForm key={config.data.updatedAt ?? 'new'} config={config.data} />
    </Card>
  );
}
