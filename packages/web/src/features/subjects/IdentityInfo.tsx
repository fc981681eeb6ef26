import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ageOn, parseIdentityNumber, studyToday } from '@dcap/core';

/**
 * What an identity number says (spec 000 §5), shown live under the field: birth date, sex and age read by
 * core's `parseIdentityNumber`, or why the number does not read. Nothing while the field is empty. The age
 * and the future-date check count from the study's day, as the server's check does, not the browser's
 * (docs/decisions.md "The study's day").
 */
export function IdentityInfo({ value, today = studyToday(new Date()) }: { value: string | null | undefined; today?: string }) {
  const { t } = useTranslation();
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const parsed = parseIdentityNumber(text, today);
  if (!parsed.ok) {
    return (
      <Typography.Text type="danger" data-testid="identity-info">
        {t(`subjects.identity.problem.${parsed.problem}`)}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="identity-info">
      {t('subjects.identity.derived', { birthDate: parsed.birthDate, sex: t(`subjects.gender.${parsed.sex}`), age: ageOn(parsed.birthDate, today) ?? '-' })}
    </Typography.Text>
  );
}
