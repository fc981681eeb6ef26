import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordStrength } from '@dcap/core';
import type { PasswordStrength } from '@dcap/core';

/** The four levels of spec 000 §5, graded by core so the meter agrees with what the server accepts. */
const LEVELS: Record<PasswordStrength, { steps: number; color: string }> = {
  too_short: { steps: 1, color: '#ff4d4f' },
  low: { steps: 2, color: '#faad14' },
  medium: { steps: 3, color: '#1890ff' },
  strong: { steps: 4, color: '#52c41a' },
};

const LEVEL_KEYS: Record<PasswordStrength, string> = {
  too_short: 'password.strength.tooShort',
  low: 'password.strength.low',
  medium: 'password.strength.medium',
  strong: 'password.strength.strong',
};

export function PasswordStrengthMeter({ password }: { password: string | undefined }) {
  const { t } = useTranslation();
  const hint = <Typography.Text type="secondary">{t('password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}</Typography.Text>;
  if (!password) return hint;
  const level = passwordStrength(password);
  const { steps, color } = LEVELS[level];
  return (
    <Flex vertical gap={2} data-testid="password-strength" data-level={level}>
      <Flex align="center" gap={12}>
        <Progress percent={steps * 25} steps={4} showInfo={false} strokeColor={color} size={[36, 6]} />
        <Typography.Text style={{ color }}>{t('password.strength.label', { level: t(LEVEL_KEYS[level]) })}</Typography.Text>
      </Flex>
      {hint}
    </Flex>
  );
}
