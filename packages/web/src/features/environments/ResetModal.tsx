import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNC_TYPES } from '@dcap/core';
import type { Project, SyncType } from '@dcap/core';
import { useResetMutation } from '../../api/sync';
import { settle } from '../../lib/confirm';

export type ResetScope = 'test' | 'production';

/**
 * Resets the chosen parts of the test environments or of production (spec 000 §4.2, §7.4 resetTest and
 * resetPro with typesStr). Production asks for the project code to be typed; the server checks it again,
 * and refuses production once the project is online.
 */
export function ResetModal({ project, scope, onClose }: { project: Project; scope: ResetScope | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetMutation();
  const [types, setTypes] = useState<SyncType[]>(['data']);
  const [code, setCode] = useState('');
  const production = scope === 'production';
  const codeMatches = code === project.code;

  const close = () => {
    setTypes(['data']);
    setCode('');
    onClose();
  };
  const submit = async () => {
    if (!scope) return;
    if (await settle(() => reset.mutateAsync({ projectId: project.id, scope, types, ...(production ? { confirmCode: code } : {}) }))) close();
  };

  return (
    <Modal
      open={scope !== null}
      title={production ? t('sync.reset.productionTitle') : t('sync.reset.testTitle')}
      okText={t('sync.reset.submit')}
      okButtonProps={{ danger: true, disabled: types.length === 0 || (production && !codeMatches), 'data-testid': 'reset-submit' }}
      confirmLoading={reset.isPending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={production ? t('sync.reset.productionContent') : t('sync.reset.testContent')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t('sync.reset.parts')}>
          <Checkbox.Group<SyncType>
            value={types}
            onChange={(values) => setTypes(SYNC_TYPES.filter((type) => values.includes(type)))}
            options={SYNC_TYPES.map((type) => ({ value: type, label: t(`sync.type.${type}`) }))}
            data-testid="reset-types"
          />
        </Form.Item>
        {production ? (
          <Form.Item
            label={t('sync.reset.typeCode', { code: project.code })}
            validateStatus={code !== '' && !codeMatches ? 'error' : undefined}
            help={code !== '' && !codeMatches ? t('sync.reset.codeMismatch') : undefined}
          >
            <Input value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" data-testid="reset-code" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
