import { App, Alert, Button, Card, Empty, Flex, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project } from '@dcap/core';
import { useSaveProjectMutation } from '../../api/projects';
import { isApiError } from '../../api/errors';
import { systemKeys } from '../../api/system';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { WORKPLACE_PATH } from '../../app/shellState';
import { showServerErrors } from '../../lib/serverErrors';
import { LifecyclePanel } from './LifecyclePanel';
import { ProcessConfigCard } from './ProcessConfigCard';
import { ProjectForm } from './ProjectForm';
import { PROJECT_FORM_FIELDS, projectToValues, valuesToRequest } from './projectFormValues';
import type { ProjectFormValues } from './projectFormValues';

const CODE_FIELDS = { 'project.code_taken': 'code' };

/** The configuration form of the current project; read-only when the status or the role does not allow editing. */
function ConfigurationCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProjectFormValues>();
  const save = useSaveProjectMutation();
  const editable = project.abilities.configEditable === true;

  const onFinish = async (values: ProjectFormValues) => {
    try {
      await save.mutateAsync({ id: project.id, version: project.version, ...valuesToRequest(values) });
    } catch (error) {
      if (isApiError(error) && error.code === 409 && error.errorCode === 'conflict.stale') {
        // Someone saved in between: load their version (the form resets with it) rather than overwrite it.
        await queryClient.invalidateQueries({ queryKey: systemKeys.init });
        void message.warning(t('projects.detail.reloaded'));
        return;
      }
      showServerErrors(form, error, PROJECT_FORM_FIELDS, CODE_FIELDS);
    }
  };

  return (
    <Card title={t('projects.detail.title')} data-testid="project-detail">
      {editable ? null : <Alert type="info" showIcon title={t('projects.detail.readOnly')} style={{ marginBottom: 16 }} data-testid="project-read-only" />}
      <ProjectForm form={form} initialValues={projectToValues(project)} disabled={!editable} onFinish={(values) => void onFinish(values)} />
      {editable ? (
        <Flex justify="end" gap={8}>
          <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="project-save">
            {t('common.save')}
          </Button>
        </Flex>
      ) : null}
    </Card>
  );
}

/** Project configuration (spec 000 §2.2 `/project/detail/new`) and its lifecycle. */
export function ProjectDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAppInit();
  const { project } = useProjectContext();

  if (!project) {
    return (
      <Card>
        <Empty description={t('projects.detail.noProject')}>
          <Button type="primary" onClick={() => void navigate(WORKPLACE_PATH)}>
            {t('tools.back')}
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Flex vertical gap={24}>
      {/* Keyed by version: a saved or reloaded project resets the form to what the server holds. */}
      <ConfigurationCard key={`${project.id}-${project.version}`} project={project} />
      <ProcessConfigCard project={project} />
      <LifecyclePanel project={project} username={user.username} userId={user.id} />
    </Flex>
  );
}
