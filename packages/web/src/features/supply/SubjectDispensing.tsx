import { Alert, Button, Descriptions, List, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subject, SupplyDispenseResult } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useSubjectScheduleQuery } from '../schedule/api';
import { useDispense } from './api';
import { kitTypeName, localeOf } from './labels';

/**
 * Dispensing from the subject page (POST /dcap/supply/dispense): for a randomised subject, site staff pick a
 * visit and the server gives the kits the drug plan doses the subject's arm there from the site's pharmacy.
 * The answer names kits by number and, for blinded callers, by blinded name only; a refusal (no dosing at
 * the visit, no kit, already dispensed) is shown as the server words it.
 */
export function SubjectDispensing({ subject }: { subject: Subject }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const init = useAppInit();
  const shown = subject.randomNo !== null && init.projectAbilities['supply.site'] === true;
  const schedule = useSubjectScheduleQuery(subject.id);
  const dispense = useDispense();
  const [visit, setVisit] = useState<number | null>(null);
  const [given, setGiven] = useState<SupplyDispenseResult | null>(null);
  if (!shown) return null;

  const visits = schedule.data?.visits ?? [];
  const submit = () => {
    if (visit === null) return;
    setGiven(null);
    dispense.mutate({ subjectId: subject.id, eventInstanceId: visit }, { onSuccess: setGiven });
  };
  return (
    <Descriptions size="small" bordered column={1} style={{ marginTop: 12 }} title={t('isupply.dispense.title')} data-testid="subject-dispensing">
      <Descriptions.Item label={t('isupply.dispense.visit')}>
        <Space wrap>
          <Select
            style={{ width: 240 }}
            placeholder={t('isupply.dispense.chooseVisit')}
            value={visit}
            onChange={setVisit}
            data-testid="dispense-visit"
            options={visits.map((item) => ({ value: item.eventInstanceId, label: `${locale === 'en-US' ? (item.nameEn ?? item.name) : item.name}${item.seq > 1 ? ` #${String(item.seq)}` : ''}` }))}
          />
          <Button type="primary" disabled={visit === null} loading={dispense.isPending} onClick={submit} data-testid="dispense-submit">
            {t('isupply.dispense.button')}
          </Button>
        </Space>
        {dispense.isError ? <Alert type="error" showIcon style={{ marginTop: 8 }} title={dispense.error.message} data-testid="dispense-error" /> : null}
        {given ? (
          <List
            size="small"
            style={{ marginTop: 8 }}
            header={t('isupply.dispense.done')}
            dataSource={given.kits}
            data-testid="dispense-result"
            renderItem={(kit) => (
              <List.Item data-testid={`dispensed-${kit.kitNo}`}>
                {kit.kitNo} · {kitTypeName(kit.kitType, locale)}
              </List.Item>
            )}
          />
        ) : null}
      </Descriptions.Item>
    </Descriptions>
  );
}
