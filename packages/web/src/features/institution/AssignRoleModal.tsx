import { Checkbox, Form, Select, Typography } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_SITES } from '@dcap/core';
import type { ProjectRole, SiteScope, UserRolesAndSites } from '@dcap/core';
import { useAssignRoleMutation, useProjectUserSearch } from '../../api/roleAssignments';
import { settle } from '../../lib/confirm';
import { showServerErrors } from '../../lib/serverErrors';
import { scopeRule, SiteScopeField } from './SiteScopeField';
import type { ScopeSite } from './SiteScopeField';

interface UserOption {
  value: number;
  label: string;
  username?: string;
}

interface AssignValues {
  roleId: number;
  users: UserOption[];
  institutionIds: SiteScope;
  notify: boolean;
}

interface AssignRoleModalProps {
  open: boolean;
  projectId: number;
  roles: readonly ProjectRole[];
  sites: readonly ScopeSite[];
  /** Platform administrators search every user; others choose among the project's members. */
  members: readonly UserRolesAndSites[];
  onClose: () => void;
}

/** The sites a grant of `role` may cover: the role's own sites (spec 000 §5: only roles covering the site). */
function sitesOfRole(role: ProjectRole | undefined, sites: readonly ScopeSite[]): readonly ScopeSite[] {
  if (!role || role.institutionIds === ALL_SITES) return sites;
  const ids = role.institutionIds;
  return sites.filter((site) => ids.includes(site.id));
}

function userLabel(user: { username: string; name: string }): string {
  return `${user.name} (${user.username})`;
}

/** Grant a role to users, for the role's sites or some of them (spec 000 §6, POST assignRole2User). */
export function AssignRoleModal({ open, projectId, roles, sites, members, onClose }: AssignRoleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AssignValues>();
  const roleId = Form.useWatch('roleId', form);
  const assign = useAssignRoleMutation();
  const search = useProjectUserSearch(projectId);
  // Until the user types, the project's members are offered; typing searches every active user.
  const [found, setFound] = useState<UserOption[] | null>(null);
  const role = roles.find((candidate) => candidate.id === roleId);

  const memberOptions = members.map((member) => ({ value: member.userId, label: userLabel(member), username: member.username }));

  const onSearch = (keyword: string) => {
    if (!keyword.trim()) {
      setFound(null);
      return;
    }
    void settle(async () => {
      const users = await search(keyword);
      setFound(users.map((user) => ({ value: user.id, label: userLabel(user), username: user.username })));
    });
  };

  const onFinish = async (values: AssignValues) => {
    try {
      await assign.mutateAsync({
        projectId,
        roleId: values.roleId,
        userIds: values.users.map((user) => user.value),
        institutionIds: values.institutionIds === ALL_SITES ? ALL_SITES : [...values.institutionIds],
        notify: values.notify,
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, ['roleId', 'institutionIds'], { 'role.site_outside_role': 'institutionIds', 'permission.site_forbidden': 'institutionIds' });
    }
  };

  return (
    <FormModal
      open={open}
      title={t('assign.title')}
      width={640}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={assign.isPending}
      submitLabel={t('assign.submit')}
      submitTestId="assign-form-submit"
      // The next opening starts with no search results from this one.
      afterClose={() => setFound(null)}
    >
      <Form<AssignValues>
        form={form}
        preserve={false}
        layout="vertical"
        initialValues={{ users: [], notify: false }}
        onValuesChange={(changed: Partial<AssignValues>) => {
          // A new role starts with its own sites; the grant may then be narrowed.
          const chosen = roles.find((candidate) => candidate.id === changed.roleId);
          if (chosen) form.setFieldValue('institutionIds', chosen.institutionIds);
        }}
        onFinish={(values) => void onFinish(values)}
        data-testid="assign-form"
      >
        <Form.Item name="roleId" label={t('assign.role')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select
            data-testid="assign-form-role"
            options={roles.map((candidate) => ({
              value: candidate.id,
              disabled: candidate.enabled === 0,
              alias: candidate.alias,
              label: `${candidate.alias} · ${candidate.institutionNamesStr}`,
            }))}
            // Test ids only in the drop-down, not on the chosen value, so each id appears once.
            optionRender={(option) => <span data-testid={`assign-role-option-${option.data.alias}`}>{option.label}</span>}
          />
        </Form.Item>
        <Form.Item
          name="users"
          label={t('assign.users')}
          extra={t('assign.searchHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }]}
        >
          <Select<UserOption[]>
            mode="multiple"
            labelInValue
            showSearch={{ filterOption: false, onSearch }}
            options={found ?? memberOptions}
            optionRender={(option) => <span data-testid={`assign-user-option-${String(option.data.username)}`}>{option.label}</span>}
            notFoundContent={<Typography.Text type="secondary">{t('assign.noUsers')}</Typography.Text>}
            data-testid="assign-form-users"
          />
        </Form.Item>
        {role ? (
          <Form.Item name="institutionIds" label={t('assign.sites')} rules={[scopeRule(t('roles.scope.required'))]}>
            <SiteScopeField sites={sitesOfRole(role, sites)} allowAll={role.institutionIds === ALL_SITES} testId="assign-form-scope" />
          </Form.Item>
        ) : null}
        <Form.Item name="notify" valuePropName="checked">
          <Checkbox data-testid="assign-form-notify">{t('assign.notify')}</Checkbox>
        </Form.Item>
      </Form>
    </FormModal>
  );
}
