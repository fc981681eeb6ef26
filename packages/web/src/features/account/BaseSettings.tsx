import { Button, Divider, Form, Input, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, GENDERS, profileFields } from '@dcap/core';
import type { UpdateProfileRequest, User } from '@dcap/core';
import { useCurrentUserQuery, useUpdateProfileMutation } from '../../api/account';
import { PageSpin } from '../../components/PageSpin';
import { blankToNull, phoneRule, schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { GENDER_LABEL_KEYS } from '../../lib/userLabels';
import { SignaturePanel } from './SignaturePanel';

interface ProfileValues {
  name: string;
  nameEn?: string | null;
  gender?: User['gender'];
  email?: string | null;
  corporation?: string | null;
  phone?: string | null;
  department?: string | null;
}

const FIELDS = ['name', 'nameEn', 'gender', 'email', 'corporation', 'phone', 'department'] as const;

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfileMutation();

  const onFinish = async (values: ProfileValues) => {
    const body: UpdateProfileRequest = {
      name: values.name.trim(),
      nameEn: blankToNull(values.nameEn),
      gender: values.gender ?? 'unknown',
      email: (values.email ?? '').trim(),
      corporation: (values.corporation ?? '').trim(),
      phone: blankToNull(values.phone),
      department: blankToNull(values.department),
    };
    try {
      await update.mutateAsync(body);
    } catch (error) {
      showServerErrors(form, error, FIELDS);
    }
  };

  const emailMessage = t('validation.email', { min: EMAIL_MIN_LENGTH, max: EMAIL_MAX_LENGTH });

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      initialValues={user}
      onFinish={(values) => void onFinish(values)}
      data-testid="profile-form"
    >
      <Form.Item label={t('user.fields.username')}>
        <Input value={user.username} disabled />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('user.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(profileFields.name, t('validation.tooLong'))]}
      >
        <Input data-testid="profile-name" />
      </Form.Item>
      <Form.Item name="nameEn" label={t('user.fields.nameEn')} rules={[schemaRule(profileFields.nameEn, t('validation.tooLong'))]}>
        <Input data-testid="profile-name-en" />
      </Form.Item>
      <Form.Item name="gender" label={t('user.fields.gender')} rules={[{ required: true, message: t('validation.required') }]}>
        <Select
          data-testid="profile-gender"
          options={GENDERS.map((gender) => ({ value: gender, label: t(GENDER_LABEL_KEYS[gender]) }))}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('user.fields.email')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(profileFields.email, emailMessage)]}
      >
        <Input data-testid="profile-email" maxLength={EMAIL_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        name="corporation"
        label={t('user.fields.corporation')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          schemaRule(profileFields.corporation, t('validation.tooLong')),
        ]}
      >
        <Input data-testid="profile-corporation" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('user.fields.phone')}
        rules={[phoneRule(t('validation.phone')), schemaRule(profileFields.phone, t('validation.tooLong'))]}
      >
        <Input data-testid="profile-phone" />
      </Form.Item>
      <Form.Item
        name="department"
        label={t('user.fields.department')}
        rules={[schemaRule(profileFields.department, t('validation.tooLong'))]}
      >
        <Input data-testid="profile-department" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-submit">
          {t('account.base.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The base tab: the signed-in user edits their profile (spec 002 §5 required fields) and keeps their signature image. */
export function BaseSettings() {
  const { t } = useTranslation();
  const me = useCurrentUserQuery();
  if (me.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!me.data) return <PageSpin fullHeight={false} />;
  // Keyed so a refreshed profile resets the form's initial values.
  return (
    <>
      <ProfileForm key={me.data.updatedAt} user={me.data} />
      <Divider titlePlacement="start">{t('signatureImage.title')}</Divider>
      <SignaturePanel userId={null} name={me.data.name} />
    </>
  );
}
