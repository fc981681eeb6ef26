import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_SITES } from '@dcap/core';
import type { ProjectRole, SiteScope } from '@dcap/core';
import { useSiteAuthorityMutation } from '../../api/roleAssignments';
import { showServerErrors } from '../../lib/serverErrors';
import { scopeRule, SiteScopeField } from './SiteScopeField';
import type { ScopeSite } from './SiteScopeField';

export interface AuthorityTarget {
  userId: number;
  userLabel: string;
  role: ProjectRole;
  scope: SiteScope;
}

/** Change the sites a holder acts for within the role (spec 000 §6 "site authority of a user's role updated"). */
export function SiteAuthorityModal({ projectId, target, sites, onClose }: { projectId: number; target: AuthorityTarget | null; sites: readonly ScopeSite[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ institutionIds: SiteScope }>();
  const update = useSiteAuthorityMutation();
  const roleScope = target?.role.institutionIds;
  const choices = roleScope === undefined || roleScope === ALL_SITES ? sites : sites.filter((site) => roleScope.includes(site.id));

  const onFinish = async ({ institutionIds }: { institutionIds: SiteScope }) => {
    if (!target) return;
    try {
      await update.mutateAsync({
        projectId,
        roleId: target.role.id,
        userId: target.userId,
        institutionIds: institutionIds === ALL_SITES ? ALL_SITES : [...institutionIds],
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, ['institutionIds'], { 'role.site_outside_role': 'institutionIds', 'permission.site_forbidden': 'institutionIds' });
    }
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t('holders.authorityTitle', { user: target.userLabel, role: target.role.alias }) : ''}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: update.isPending, ...{ 'data-testid': 'authority-submit' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? (
        <Form form={form} preserve={false} layout="vertical" initialValues={{ institutionIds: target.scope }} onFinish={(values) => void onFinish(values)}>
          <Form.Item name="institutionIds" label={t('assign.sites')} rules={[scopeRule(t('roles.scope.required'))]}>
            <SiteScopeField sites={choices} allowAll={roleScope === ALL_SITES} testId="authority-scope" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
