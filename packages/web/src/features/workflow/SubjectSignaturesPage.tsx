import { Card, Flex, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BulkWorkflowActions } from './BulkWorkflowActions';
import { SignatureList } from './SignatureList';
import { SignButton } from './SignDialog';

/**
 * A subject's electronic signatures (COMPLIANCE ES-4): every signature over its panels, visits and the whole
 * casebook with signer, time with zone, meaning and whether a change broke it; signing the whole subject and
 * the subject-wide workflow actions.
 */
export function SubjectSignaturesPage() {
  const { t } = useTranslation();
  const subjectId = Number(useParams().subjectId ?? 0);
  return (
    <Card size="small" data-testid="subject-signatures">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('workflow.signatures.title')}
        </Typography.Title>
        <Space>
          <Link to={`/survey/subject/${String(subjectId)}`}>{t('workflow.signatures.back')}</Link>
          <BulkWorkflowActions scope="subject" id={subjectId} />
          <SignButton scope="subject" id={subjectId} />
        </Space>
      </Flex>
      <SignatureList subjectId={subjectId} titled={false} />
    </Card>
  );
}
