import { Col, Form, Input, Row } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictKeySchema } from '@dcap/core';
import type { DictEntry, SysDict } from '@dcap/core';
import { useSaveDictMutation } from '../../api/library';
import { useSaveProjectDictMutation } from '../../api/projectDicts';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import type { DictFormValues } from './DictItemsField';
import { DictItemsField, toDictBody } from './DictItemsField';

const FIELDS = ['key', 'value', 'valueEn', 'items'];
const CODE_FIELDS = { 'library.dict_key_platform': 'key', 'library.dict_key_taken': 'key' };

/**
 * Which dictionary the form edits: a platform one (spec 000 §2.2 /sys/dict), saved by id; or a project one
 * (spec 001 §3.8), which the server saves by key and replaces when the key exists, so its key is fixed once
 * it exists and a new one may not reuse a key of the project or the platform (that would overwrite, not
 * create).
 */
export type DictTarget =
  | { scope: 'platform'; dict: SysDict | null }
  | {
      scope: 'project';
      projectId: number;
      dict: DictEntry | null;
      takenKeys: { project: readonly string[]; platform: readonly string[] };
      /** A platform dictionary whose names and items a new project dictionary starts from (its key is the platform's, so a new one is asked for). */
      copyOf?: DictEntry | null;
    };

/** Create or edit a dictionary (spec 001 §3.8 Dictionary: key, value, items), of the platform or a project. */
export function DictFormModal({ open, target, onClose }: { open: boolean; target: DictTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictFormValues>();
  const savePlatform = useSaveDictMutation();
  const saveProject = useSaveProjectDictMutation();
  const { dict } = target;
  const project = target.scope === 'project' ? target : null;
  const testId = project ? 'project-dict-form' : 'dict-form';
  const copyOf = project?.copyOf ?? null;
  const itemsOf = (from: DictEntry | SysDict) => from.items.map((item) => ({ value: item.value, label: item.label, labelEn: item.labelEn ?? '' }));
  const initial: Partial<DictFormValues> = dict
    ? { key: dict.key, value: dict.value, valueEn: dict.valueEn, items: itemsOf(dict) }
    : copyOf
      ? { value: copyOf.value, valueEn: copyOf.valueEn, items: itemsOf(copyOf) }
      : { items: [{ value: '', label: '', labelEn: '' }] };

  const keyFree: FormRule = {
    validator: (_rule, value: unknown) => {
      if (!project || dict || typeof value !== 'string') return Promise.resolve();
      const key = value.trim().toLowerCase();
      const owner = project.takenKeys.platform.some((taken) => taken.toLowerCase() === key)
        ? 'platform'
        : project.takenKeys.project.some((taken) => taken.toLowerCase() === key)
          ? 'project'
          : null;
      if (owner === null) return Promise.resolve();
      return Promise.reject(new Error(t(owner === 'platform' ? 'design.dicts.keyPlatform' : 'design.dicts.keyTaken', { key: value.trim() })));
    },
  };

  const onFinish = async (values: DictFormValues) => {
    try {
      if (target.scope === 'project') await saveProject.mutateAsync({ projectId: target.projectId, ...toDictBody(values) });
      else await savePlatform.mutateAsync({ ...(target.dict ? { id: target.dict.id } : {}), ...toDictBody(values) });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };
  const title = project
    ? dict
      ? t('design.dicts.editTitle', { key: dict.key })
      : copyOf
        ? t('design.dicts.copyTitle', { key: copyOf.key })
        : t('design.dicts.createTitle')
    : dict
      ? t('library.dicts.editTitle')
      : t('library.dicts.createTitle');

  return (
    <FormModal
      open={open}
      title={title}
      width={760}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={project ? saveProject.isPending : savePlatform.isPending}
      submitTestId={`${testId}-submit`}
    >
      <Form<DictFormValues> form={form} preserve={false} layout="vertical" initialValues={initial} onFinish={(values) => void onFinish(values)} data-testid={testId}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="key"
              label={t('library.dicts.key')}
              tooltip={project && dict ? t('design.dicts.keyFixed') : t('library.dicts.keyHint')}
              rules={[required, schemaRule(dictKeySchema, t('library.dicts.keyHint')), keyFree]}
            >
              <Input disabled={project !== null && dict !== null} data-testid={`${testId}-key`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="value" label={t('library.dicts.value')} rules={[required, { max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid={`${testId}-value`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="valueEn" label={t('library.dicts.valueEn')} rules={[{ max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid={`${testId}-valueEn`} />
            </Form.Item>
          </Col>
        </Row>
        <DictItemsField name="items" label={t('library.dicts.items')} testId={`${testId}-items`} />
      </Form>
    </FormModal>
  );
}
