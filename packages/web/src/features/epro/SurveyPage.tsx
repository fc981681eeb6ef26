import { WechatOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Result, Segmented, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DATE_TIME_FORMAT, LOCALES } from '@dcap/core';
import type { FieldError, Locale, PublicSurvey, SurveyWechat } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useServices } from '../../app/services';
import { currentLocale, toLocale } from '../../i18n';
import { switchLocale } from '../../i18n/language';
import { FormRenderer } from '../renderer';
import type { DataMode, FormRendererHandle } from '../renderer';
import { useBindSurveyWechat, usePublicSurvey, useSubmitSurvey } from './api';
import './epro.css';

/** The language switch of the page: both languages named in themselves. */
function PageLanguage() {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  return (
    <Segmented<Locale>
      size="small"
      value={currentLocale(i18n)}
      onChange={(next) => void switchLocale(i18n, storage, next)}
      options={LOCALES.map((locale) => ({ value: locale, label: <span data-testid={`survey-lang-${locale}`}>{t(`questionnaire.language.${locale}`)}</span> }))}
      aria-label={t('questionnaire.page.language')}
    />
  );
}

/** WeChat's own browser, the only one its official account's authorisation works in. */
const inWechat = () => /MicroMessenger/i.test(navigator.userAgent);

/**
 * The page's WeChat offer (docs/decisions.md "Subject WeChat binding"): bound already, or a link through the
 * official account's authorisation that comes back here with a code; outside WeChat, how to get there. No
 * offer when the platform has no official account.
 */
function WechatOffer({ wechat, binding, failure }: { wechat: SurveyWechat; binding: boolean; failure: string | null }) {
  const { t } = useTranslation();
  if (binding) return <Typography.Text type="secondary">{t('questionnaire.wechat.binding')}</Typography.Text>;
  const refusal = failure ? <Alert type="error" showIcon title={failure} data-testid="survey-wechat-refusal" /> : null;
  if (wechat.bound) {
    return (
      <>
        {refusal}
        <Alert type="success" showIcon icon={<WechatOutlined />} title={t('questionnaire.wechat.bound')} data-testid="survey-wechat-bound" />
      </>
    );
  }
  if (!wechat.authorizeUrl) return refusal;
  return (
    <>
      {refusal}
      {inWechat() ? (
        <Button icon={<WechatOutlined />} href={wechat.authorizeUrl} block data-testid="survey-wechat-offer">
          {t('questionnaire.wechat.offer')}
        </Button>
      ) : (
        <Typography.Text type="secondary" data-testid="survey-wechat-hint">
          <WechatOutlined /> {t('questionnaire.wechat.offerHint')}
        </Typography.Text>
      )}
    </>
  );
}

/** Survey mode: the server's complaints on the fields, and no status, query or staff control beside them. */
const surveyMode = (serverErrors: Record<string, string>): DataMode => ({ fieldExtra: () => null, fieldReadOnly: () => false, serverError: (path) => serverErrors[path] });

function Questionnaire({ token, survey, extra }: { token: string; survey: PublicSurvey; extra: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const english = currentLocale(i18n) === 'en-US';
  const handles = useRef(new Map<number, FormRendererHandle>());
  const submit = useSubmitSurvey(token);
  const [refusal, setRefusal] = useState<{ msg: string; errors: FieldError[] } | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const name = (item: { name: string; nameEn: string | null }) => (english ? (item.nameEn ?? item.name) : item.name);

  const send = async () => {
    setRefusal(null);
    setServerErrors({});
    try {
      await submit.mutateAsync({ panels: survey.panels.map((panel) => ({ panelInstanceId: panel.panelInstanceId, values: handles.current.get(panel.panelInstanceId)?.getValues() ?? {} })) });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setRefusal({ msg: error.msg, errors: error.errors });
      setServerErrors(Object.fromEntries(error.errors.map((item) => [item.path, item.message])));
      window.scrollTo({ top: 0 });
    }
  };

  const onSubmit = async () => {
    const results = await Promise.all(survey.panels.map((panel) => handles.current.get(panel.panelInstanceId)?.validate() ?? Promise.resolve(null)));
    if (results.some((result) => result && !result.valid)) {
      void message.error(t('questionnaire.page.incomplete'));
      return;
    }
    modal.confirm({ title: t('questionnaire.page.confirm'), okText: t('questionnaire.page.submit'), onOk: () => send() });
  };

  if (submit.isSuccess) {
    return <Result status="success" title={t('questionnaire.page.submitted')} subTitle={t('questionnaire.page.submittedHint')} data-testid="survey-submitted" />;
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('questionnaire.page.visit', { name: name({ name: survey.eventName, nameEn: survey.eventNameEn }) })}</Typography.Text>
      <Typography.Text type="secondary">{t('questionnaire.page.expires', { time: dayjs(survey.expiresAt).format(DATE_TIME_FORMAT) })}</Typography.Text>
      {extra}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal.msg}
          description={refusal.errors.length > 0 ? refusal.errors.map((item) => `${item.path}: ${item.message}`).join('\n') : undefined}
          data-testid="survey-refusal"
        />
      ) : null}
      {survey.panels.map((panel) => (
        <Card key={panel.panelInstanceId} size="small" title={name(panel)} data-testid="survey-panel">
          <FormRenderer
            panel={panel.panel}
            labelPosition="left"
            tableMode="card"
            cardsPerRow={1}
            dataMode={surveyMode(serverErrors)}
            handleRef={(handle) => {
              if (handle) handles.current.set(panel.panelInstanceId, handle);
              else handles.current.delete(panel.panelInstanceId);
            }}
          />
        </Card>
      ))}
      <Button type="primary" size="large" block loading={submit.isPending} onClick={() => void onSubmit()} data-testid="survey-submit">
        {t('questionnaire.page.submit')}
      </Button>
    </Flex>
  );
}

/**
 * `/epro/:token` (docs/decisions.md "Subject questionnaires"): the questionnaire a subject opens from a link,
 * outside the shell and without an account, laid out for a phone. It starts in the link's language (`lang`)
 * and can be switched; the panels render in survey mode (no queries, no staff controls). Opened with a
 * `code` (WeChat's authorisation coming back), it first binds the subject's WeChat with it.
 */
export function SurveyPage() {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  const token = useParams().token ?? '';
  const [search, setSearch] = useSearchParams();
  const wanted = toLocale(search.get('lang'));
  const [ready, setReady] = useState(wanted === null || wanted === currentLocale(i18n));
  useEffect(() => {
    if (ready || !wanted) return;
    void switchLocale(i18n, storage, wanted).then(() => setReady(true));
  }, [ready, wanted, i18n, storage]);
  const code = search.get('code');
  const bind = useBindSurveyWechat(token);
  const bindStarted = useRef(false);
  useEffect(() => {
    if (!ready || !code || bindStarted.current) return;
    bindStarted.current = true;
    // A code works once: it leaves the address so that a reload does not send it again.
    bind.mutate(code, {
      onSettled: () =>
        setSearch(
          (params) => {
            params.delete('code');
            params.delete('state');
            return params;
          },
          { replace: true },
        ),
    });
  }, [ready, code, bind, setSearch]);
  const query = usePublicSurvey(token, ready);
  const survey = query.data;
  const english = currentLocale(i18n) === 'en-US';
  const title = survey ? (english ? (survey.projectNameEn ?? survey.projectName) : survey.projectName) : t('questionnaire.page.title');

  return (
    <div className="dcap-survey" data-testid="survey-page">
      <Flex justify="space-between" align="center" gap={8} className="dcap-survey__header">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="survey-title">
          {title}
        </Typography.Title>
        <Space>
          <PageLanguage />
        </Space>
      </Flex>
      {query.isLoading || !ready ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : survey ? (
        <Questionnaire
          token={token}
          survey={survey}
          extra={<WechatOffer wechat={survey.wechat} binding={bind.isPending} failure={isApiError(bind.error) ? bind.error.msg : null} />}
        />
      ) : (
        <Result
          status="warning"
          title={t('questionnaire.page.refused')}
          subTitle={isApiError(query.error) ? query.error.msg : undefined}
          extra={
            isApiError(query.error) && query.error.errorCode === 'request.rate_limited' ? (
              <Button onClick={() => void query.refetch()}>{t('questionnaire.page.retry')}</Button>
            ) : undefined
          }
          data-testid="survey-refused"
        />
      )}
    </div>
  );
}
