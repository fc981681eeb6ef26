import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { FormModal } from '../../components/FormModal';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  emailSchema,
  GENDERS,
  LOGIN_NAME_MAX_LENGTH,
  LOGIN_NAME_MIN_LENGTH,
  loginNameSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  profileFields,
} from '@dcap/core';
import type { IssuedPassword, User } from '@dcap/core';
import { useCreateUserMutation, useUpdateUserMutation, useUsernameAvailability } from '../../api/users';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { blankToNull, phoneRule, schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { GENDER_LABEL_KEYS } from '../../lib/userLabels';

interface UserFormValues {
  username: string;
  password?: string;
  name: string;
  nameEn?: string | null;
  gender?: User['gender'];
  email?: string | null;
  phone?: string | null;
  corporation?: string | null;
  department?: string | null;
  admin?: boolean;
  systemAdmin?: boolean;
  projectAdmin?: boolean;
}

const FIELDS = ['username', 'password', 'name', 'nameEn', 'gender', 'email', 'phone', 'corporation', 'department', 'admin', 'systemAdmin', 'projectAdmin'];
/** A taken login name comes back as a conflict with only its catalogue code. */
const CODE_FIELDS = { 'user.username_taken': 'username' };

export interface UserFormModalProps {
  open: boolean;
  /** The user being edited; absent when creating one. */
  user: User | null;
  onClose: () => void;
  /** Called after creation with the server's answer (which holds a generated password, if any). */
  onCreated: (issued: IssuedPassword) => void;
}

/** Create or edit a platform user (spec 002 §7 user administration). */
export function UserFormModal({ open, user, onClose, onCreated }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const password = Form.useWatch('password', form);
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const isAvailable = useUsernameAvailability();
  const editing = user !== null;

  /** Checked on leaving the field (spec 002 §7 validateUser); an unanswered check defers to the server on save. */
  const availabilityRule: FormRule = {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (editing || typeof value !== 'string' || !loginNameSchema.safeParse(value).success) return;
      let available = true;
      try {
        available = await isAvailable(value.trim());
      } catch {
        return;
      }
      if (!available) throw new Error(t('users.form.usernameTaken'));
    },
  };

  const onFinish = async (values: UserFormValues) => {
    const common = {
      name: values.name.trim(),
      nameEn: blankToNull(values.nameEn),
      gender: values.gender ?? null,
      email: blankToNull(values.email),
      phone: blankToNull(values.phone),
      corporation: blankToNull(values.corporation),
      department: blankToNull(values.department),
      admin: values.admin ?? false,
      systemAdmin: values.systemAdmin ?? false,
      projectAdmin: values.projectAdmin ?? false,
    };
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, ...common });
      } else {
        const issued = await create.mutateAsync({
          username: values.username.trim(),
          ...(values.password ? { password: values.password } : {}),
          ...common,
        });
        onCreated(issued);
      }
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.required') };

  return (
    <FormModal
      open={open}
      title={editing ? t('users.form.editTitle') : t('users.form.createTitle')}
      width={720}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={create.isPending || update.isPending}
      submitTestId="user-form-submit"
      cancelTestId="user-form-cancel"
    >
      <Form<UserFormValues>
        form={form}
        preserve={false}
        layout="vertical"
        initialValues={user ?? { admin: false, systemAdmin: false, projectAdmin: false }}
        onFinish={(values) => void onFinish(values)}
        data-testid="user-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('user.fields.username')}
              validateTrigger={['onChange', 'onBlur']}
              rules={[
                required,
                schemaRule(loginNameSchema, t('validation.loginName', { min: LOGIN_NAME_MIN_LENGTH, max: LOGIN_NAME_MAX_LENGTH })),
                availabilityRule,
              ]}
            >
              <Input disabled={editing} maxLength={LOGIN_NAME_MAX_LENGTH} autoComplete="off" data-testid="user-form-username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('user.fields.name')} rules={[required, schemaRule(profileFields.name, t('validation.tooLong'))]}>
              <Input data-testid="user-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nameEn" label={t('user.fields.nameEn')} rules={[schemaRule(profileFields.nameEn, t('validation.tooLong'))]}>
              <Input data-testid="user-form-name-en" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('user.fields.gender')}>
              <Select
                allowClear
                data-testid="user-form-gender"
                options={GENDERS.map((gender) => ({ value: gender, label: t(GENDER_LABEL_KEYS[gender]) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('user.fields.email')}
              rules={[schemaRule(emailSchema, t('validation.email', { min: EMAIL_MIN_LENGTH, max: EMAIL_MAX_LENGTH }))]}
            >
              <Input maxLength={EMAIL_MAX_LENGTH} data-testid="user-form-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('user.fields.phone')}
              rules={[phoneRule(t('validation.phone')), schemaRule(profileFields.phone, t('validation.tooLong'))]}
            >
              <Input data-testid="user-form-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="corporation"
              label={t('user.fields.corporation')}
              rules={[schemaRule(profileFields.corporation, t('validation.tooLong'))]}
            >
              <Input data-testid="user-form-corporation" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="department"
              label={t('user.fields.department')}
              rules={[schemaRule(profileFields.department, t('validation.tooLong'))]}
            >
              <Input data-testid="user-form-department" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="admin" label={t('user.roles.admin')} valuePropName="checked">
              <Switch data-testid="user-form-admin" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="systemAdmin" label={t('user.roles.systemAdmin')} valuePropName="checked">
              <Switch data-testid="user-form-system-admin" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="projectAdmin" label={t('user.roles.projectAdmin')} valuePropName="checked">
              <Switch data-testid="user-form-project-admin" />
            </Form.Item>
          </Col>
          {editing ? null : (
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={t('users.form.password')}
                extra={password ? <PasswordStrengthMeter password={password} /> : t('users.form.passwordHint')}
                rules={[schemaRule(newPasswordSchema, t('validation.passwordWeak', { min: PASSWORD_MIN_LENGTH }))]}
              >
                <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="user-form-password" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </FormModal>
  );
}
