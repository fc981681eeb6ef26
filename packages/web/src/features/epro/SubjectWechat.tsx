import { WechatOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSurveyLinks, useUnbindSubjectWechat } from './api';

/**
 * The subject's WeChat binding on its questionnaire tab (docs/decisions.md "Subject WeChat binding"): the
 * bound official-account id shortened, with unbinding for those who may enter the subject's data, or how the
 * subject binds one (from a questionnaire opened in WeChat).
 */
export function SubjectWechat({ subjectId, canEnter }: { subjectId: number; canEnter: boolean }) {
  const { t } = useTranslation();
  const links = useSurveyLinks(subjectId);
  const unbind = useUnbindSubjectWechat(subjectId);
  if (!links.data) return null;
  const id = links.data.wechatId;
  return (
    <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }} data-testid="subject-wechat">
      <WechatOutlined style={{ color: id ? '#07c160' : undefined }} aria-label={t('questionnaire.wechat.title')} />
      <Typography.Text type={id ? undefined : 'secondary'} data-testid="subject-wechat-state">
        {id ? t('questionnaire.wechat.staffBound', { id }) : t('questionnaire.wechat.staffNone')}
      </Typography.Text>
      {id && canEnter ? (
        <Popconfirm title={t('questionnaire.wechat.unbindConfirm')} onConfirm={() => unbind.mutate()}>
          <Button size="small" danger loading={unbind.isPending} data-testid="subject-wechat-unbind">
            {t('questionnaire.wechat.unbind')}
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
