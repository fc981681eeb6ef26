import { Button, Card, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApplyProjectMutation } from '../../api/projects';
import { WORKPLACE_PATH } from '../../app/shellState';
import { showServerErrors } from '../../lib/serverErrors';
import { ProjectForm } from './ProjectForm';
import { NEW_PROJECT_VALUES, PROJECT_FORM_FIELDS, valuesToRequest } from './projectFormValues';
import type { ProjectFormValues } from './projectFormValues';

/** A taken project code comes back as a conflict with only its catalogue code. */
const CODE_FIELDS = { 'project.code_taken': 'code' };

/** Project application (spec 000 §2.2 `/project/projectApply`): the applicant becomes its administrator. */
export function ProjectApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProjectFormValues>();
  const apply = useApplyProjectMutation();

  const onFinish = async (values: ProjectFormValues) => {
    try {
      await apply.mutateAsync(valuesToRequest(values));
    } catch (error) {
      showServerErrors(form, error, PROJECT_FORM_FIELDS, CODE_FIELDS);
      return;
    }
    await navigate(WORKPLACE_PATH);
  };

  return (
    <Card title={t('projects.apply.title')}>
      <Typography.Paragraph type="secondary">{t('projects.apply.intro')}</Typography.Paragraph>
      <ProjectForm form={form} initialValues={NEW_PROJECT_VALUES} onFinish={(values) => void onFinish(values)} />
      <Flex justify="end" gap={8}>
        <Button onClick={() => void navigate(WORKPLACE_PATH)}>{t('common.cancel')}</Button>
        <Button type="primary" loading={apply.isPending} onClick={() => form.submit()} data-testid="project-apply-submit">
          {t('projects.apply.submit')}
        </Button>
      </Flex>
    </Card>
  );
}
