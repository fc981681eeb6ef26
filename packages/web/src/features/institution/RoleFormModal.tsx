import { Checkbox, Col, Form, Input, Row } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useTranslation } from 'react-i18next';
import { ALL_SITES, ROLE_RIGHTS, saveRoleSchema } from '@dcap/core';
import type { ProjectRole, RoleRight, SiteScope } from '@dcap/core';
import { useSaveRoleMutation } from '../../api/roles';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { ROLE_RIGHT_LABEL_KEYS } from '../../lib/projectLabels';
import { showServerErrors } from '../../lib/serverErrors';
import { scopeRule, SiteScopeField } from './SiteScopeField';
import type { ScopeSite } from './SiteScopeField';

interface RoleFormValues {
  alias: string;
  description?: string | null;
  descriptionEn?: string | null;
  institutionIds: SiteScope;
  rights: RoleRight[];
}

const FIELDS = ['alias', 'description', 'descriptionEn', 'institutionIds'];
const CODE_FIELDS = { 'role.alias_taken': 'alias', 'role.unknown_site': 'institutionIds' };
const fields = saveRoleSchema.shape;

function toValues(role: ProjectRole | null): Partial<RoleFormValues> {
  if (!role) return { institutionIds: ALL_SITES, rights: [] };
  return {
    alias: role.alias,
    description: role.description,
    descriptionEn: role.descriptionEn,
    institutionIds: role.institutionIds,
    rights: ROLE_RIGHTS.filter((right) => role[right]),
  };
}

interface RoleFormModalProps {
  open: boolean;
  projectId: number;
  role: ProjectRole | null;
  sites: readonly ScopeSite[];
  onClose: () => void;
}

/** Create or edit a project role: alias, descriptions in both languages, site scope and the 15 rights (spec 000 §3, §6). */
export function RoleFormModal({ open, projectId, role, sites, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const save = useSaveRoleMutation();

  const onFinish = async (values: RoleFormValues) => {
    // Every right is sent, so a cleared box clears the right (core's rightsFromFlags keeps unsent ones).
    const flags = Object.fromEntries(ROLE_RIGHTS.map((right) => [right, values.rights.includes(right)]));
    try {
      await save.mutateAsync({
        ...(role ? { id: role.id } : {}),
        projectId,
        alias: values.alias.trim(),
        description: blankToNull(values.description),
        descriptionEn: blankToNull(values.descriptionEn),
        institutionIds: values.institutionIds === ALL_SITES ? ALL_SITES : [...values.institutionIds],
        ...flags,
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  return (
    <FormModal
      open={open}
      title={role ? t('roles.form.editTitle') : t('roles.form.createTitle')}
      width={760}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="role-form-submit"
    >
      <Form<RoleFormValues> form={form} preserve={false} layout="vertical" initialValues={toValues(role)} onFinish={(values) => void onFinish(values)} data-testid="role-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="alias"
              label={t('roles.fields.alias')}
              rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(fields.alias, t('validation.tooLong'))]}
            >
              <Input data-testid="role-form-alias" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="institutionIds" label={t('roles.fields.sites')} rules={[scopeRule(t('roles.scope.required'))]}>
              <SiteScopeField sites={sites} testId="role-form-scope" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label={t('roles.fields.description')} rules={[schemaRule(fields.description, t('validation.tooLong'))]}>
              <Input.TextArea rows={2} data-testid="role-form-description" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="descriptionEn" label={t('roles.fields.descriptionEn')} rules={[schemaRule(fields.descriptionEn, t('validation.tooLong'))]}>
              <Input.TextArea rows={2} data-testid="role-form-description-en" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="rights" label={t('roles.fields.rights')}>
              <Checkbox.Group style={{ width: '100%' }} data-testid="role-form-rights">
                <Row gutter={[8, 8]}>
                  {ROLE_RIGHTS.map((right) => (
                    <Col xs={12} md={8} key={right}>
                      <Checkbox value={right} data-testid={`role-right-${right}`}>
                        {t(ROLE_RIGHT_LABEL_KEYS[right])}
                      </Checkbox>
                    </Col>
                  ))}
                </Row>
              </Checkbox.Group>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
