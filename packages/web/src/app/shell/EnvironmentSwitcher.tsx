import { CheckCircleFilled, CloudServerOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Empty, Flex, Modal, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { envChoiceNeeded, groupEnvironments } from '@dcap/core';
import type { Environment, Locale } from '@dcap/core';
import { useSelectEnvMutation } from '../../api/session';
import { currentLocale } from '../../i18n';
import { settle } from '../../lib/confirm';
import { localName } from '../../lib/displayName';
import { ENV_STATUS_LABEL_KEYS, ENV_TYPE_LABEL_KEYS } from '../../lib/projectLabels';
import { envDialogSeen, markEnvDialogSeen } from '../envDialogOnce';
import { useServices } from '../services';

export function envName(env: Pick<Environment, 'name' | 'eName'>, locale: Locale): string {
  return localName(env, locale);
}

interface EnvironmentSwitcherProps {
  projectId: number;
  /** Null when the list could not be read. */
  envs: readonly Environment[] | null;
  current: Environment | null;
}

function EnvChoice({ env, current, onChoose }: { env: Environment; current: boolean; onChoose: (env: Environment) => void }) {
  const { t, i18n } = useTranslation();
  const disabled = env.status === 'disable';
  return (
    <Card
      size="small"
      hoverable={!disabled && !current}
      className={disabled ? 'dcap-env-choice dcap-env-choice--disabled' : 'dcap-env-choice'}
      onClick={disabled || current ? undefined : () => onChoose(env)}
      data-testid={`env-choice-${env.key}`}
      data-disabled={disabled ? 'true' : 'false'}
      aria-disabled={disabled}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong disabled={disabled}>
          {envName(env, currentLocale(i18n))}
        </Typography.Text>
        {current ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('shell.current')} /> : null}
      </Flex>
      <Flex gap={4} wrap style={{ marginTop: 8 }}>
        <Tag>{env.key}</Tag>
        <Tag color="blue">{t(ENV_TYPE_LABEL_KEYS[env.type])}</Tag>
        {disabled ? <Tag color="default">{t(ENV_STATUS_LABEL_KEYS[env.status])}</Tag> : null}
      </Flex>
    </Card>
  );
}

/**
 * The environment button and its dialog (spec 000 §2.1, §2.6: 70% wide, the fixed type order with sde
 * environments as a separate group; disabled environments cannot be chosen). Choosing one switches the
 * session and reloads the shell.
 */
export function EnvironmentSwitcher({ projectId, envs, current }: EnvironmentSwitcherProps) {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  const [open, setOpen] = useState(false);
  const select = useSelectEnvMutation();
  const needsChoice = envChoiceNeeded(envs, current?.key ?? null);

  // Spec 000 §4.4: "An environment-list dialog may open once per session": here, when the session has no
  // environment it can still work in while another can be chosen (docs/decisions.md, "Windows and environments").
  useEffect(() => {
    if (!needsChoice || envDialogSeen(storage, projectId)) return;
    markEnvDialogSeen(storage, projectId);
    setOpen(true);
  }, [needsChoice, projectId, storage]);

  let label: string;
  if (envs === null) label = t('shell.env.loadFailed');
  else if (envs.length === 0) label = t('shell.env.none');
  else label = current ? envName(current, currentLocale(i18n)) : t('shell.env.choose');

  const choose = (env: Environment) =>
    void settle(async () => {
      await select.mutateAsync(env.key);
      setOpen(false);
    });

  const groups = groupEnvironments(envs ?? []);
  const grid = (list: readonly Environment[], testId: string) => (
    <div className="dcap-env-grid" data-testid={testId}>
      {list.map((env) => (
        <EnvChoice key={env.key} env={env} current={env.key === current?.key} onChoose={choose} />
      ))}
    </div>
  );

  return (
    <>
      <Button
        size="small"
        icon={<CloudServerOutlined />}
        onClick={() => setOpen(true)}
        disabled={envs === null}
        danger={envs === null}
        data-testid="env-switch"
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={t('shell.env.title')}
        width="70%"
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {needsChoice ? <Alert type="warning" showIcon title={t('consistency.envPrompt')} style={{ marginBottom: 16 }} data-testid="env-prompt" /> : null}
        {groups.standard.length + groups.sde.length === 0 ? (
          <Empty description={t('shell.env.none')} />
        ) : (
          <>
            <Divider titlePlacement="start">{t('envs.standardGroup')}</Divider>
            {grid(groups.standard, 'env-group-standard')}
            {groups.sde.length > 0 ? (
              <>
                <Divider titlePlacement="start">{t('shell.env.sdeGroup')}</Divider>
                {grid(groups.sde, 'env-group-sde')}
              </>
            ) : null}
          </>
        )}
      </Modal>
    </>
  );
}
