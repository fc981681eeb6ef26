import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { RandScheme } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useConfirm } from '../../lib/confirm';
import { useApproveScheme, useSchemesQuery } from './api';
import { schemeIsSimulated, schemePath, SCHEMES_PATH } from './paths';
import { SchemeDesignForm } from './SchemeDesignForm';
import { SchemeStatusTag } from './SchemeListPage';
import { SimulationPanel } from './SimulationPanel';
import { TablesPanel } from './TablesPanel';

type Factor = RandScheme['factors'][number];

/**
 * What every caller may see of a scheme: method, stratification and factors. A blinded caller's scheme has no
 * `settings` (no arms, block sizes or simulation), so this view reads only the fields always sent.
 */
export function SchemeOverview({ scheme }: { scheme: RandScheme }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="scheme-overview">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('balance.fields.method')}>{t(`balance.method.${scheme.method}`)}</Descriptions.Item>
        <Descriptions.Item label={t('balance.fields.stratifyBySite')}>{scheme.stratifyBySite ? t('common.yes') : t('common.no')}</Descriptions.Item>
        <Descriptions.Item label={t('balance.fields.treatmentPhase')}>{scheme.treatmentPhase}</Descriptions.Item>
        <Descriptions.Item label={t('balance.fields.allocations')}>{scheme.allocations}</Descriptions.Item>
      </Descriptions>
      <Table<Factor>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={scheme.factors}
        locale={{ emptyText: t('balance.designer.noFactors') }}
        columns={[
          { title: t('balance.fields.code'), dataIndex: 'code' },
          { title: t('balance.fields.factorsOne'), key: 'name', render: (_value, factor) => (en ? (factor.nameEn ?? factor.name) : factor.name) },
          {
            title: t('balance.fields.options'),
            key: 'options',
            render: (_value, factor) => factor.options.map((option) => `${option.code} ${en ? (option.labelEn ?? option.label) : option.label}`).join(' / '),
          },
          { title: t('balance.fields.sourceInstrumentId'), key: 'source', render: (_value, factor) => scheme.factorSources[factor.code]?.model ?? t('balance.designer.sourceNone') },
        ]}
        data-testid="scheme-overview-factors"
      />
    </Space>
  );
}

/**
 * One scheme (/balance/schemes/:schemeId, `new` for an empty one): its design, its simulation and its lists.
 * A blinded caller sees the overview only.
 */
export function SchemeDesignerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const schemes = useSchemesQuery(project?.id ?? null, currentEnv?.key ?? null);
  const approve = useApproveScheme();
  const confirm = useConfirm();
  const [tab, setTab] = useState('design');
  const canDesign = init.projectAbilities['randomisation.design'] === true;
  const isNew = params.schemeId === 'new';
  const scheme = isNew ? undefined : schemes.data?.find((candidate) => candidate.id === Number(params.schemeId));

  if (schemes.isError) return <Alert type="warning" showIcon title={schemes.error.message} />;
  if (!project || (!isNew && !schemes.data)) return <Card loading />;
  if (!isNew && !scheme) return <Alert type="warning" showIcon title={t('balance.designer.notFound')} />;
  if (isNew && !canDesign) return <Alert type="warning" showIcon title={t('balance.designer.readOnly')} />;

  const back = (
    <Link to={SCHEMES_PATH}>
      <ArrowLeftOutlined /> {t('balance.designer.back')}
    </Link>
  );
  const editable = canDesign && (scheme === undefined || scheme.status === 'draft');
  const design = (
    <SchemeDesignForm
      projectId={project.id}
      scheme={scheme}
      editable={editable}
      onSaved={(saved) => {
        if (isNew) void navigate(schemePath(saved.id), { replace: true });
      }}
    />
  );
  const simulated = scheme ? schemeIsSimulated(scheme) : false;

  return (
    <Flex vertical gap={16} data-testid="scheme-designer">
      <Card>
        <Flex justify="space-between" align="start" wrap gap={12}>
          <Space orientation="vertical" size={4}>
            {back}
            <Space size={8} align="center">
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="scheme-title">
                {scheme ? scheme.name : t('balance.designer.newTitle')}
              </Typography.Title>
              {scheme ? <SchemeStatusTag status={scheme.status} /> : null}
              {scheme ? <Typography.Text type="secondary">{t('balance.designer.version', { version: scheme.version })}</Typography.Text> : null}
            </Space>
          </Space>
          {scheme && canDesign && scheme.status === 'draft' ? (
            <Tooltip title={simulated ? undefined : t('balance.designer.approveNeedsSimulation')}>
              <Button
                type="primary"
                disabled={!simulated}
                onClick={() => confirm({ title: t('balance.designer.approveConfirm', { name: scheme.name }), onOk: () => approve.mutateAsync({ id: scheme.id, version: scheme.version }) })}
                data-testid="scheme-approve"
              >
                {t('balance.designer.approve')}
              </Button>
            </Tooltip>
          ) : null}
        </Flex>
        {scheme?.blinded ? <Alert type="info" showIcon title={t('balance.blinded.notice')} style={{ marginTop: 12 }} data-testid="scheme-blinded" /> : null}
      </Card>
      <Card>
        {scheme?.blinded || (scheme && !scheme.settings) ? (
          <SchemeOverview scheme={scheme} />
        ) : (
          <Tabs
            activeKey={scheme ? tab : 'design'}
            onChange={setTab}
            items={[
              { key: 'design', label: t('balance.designer.tabs.design'), children: design },
              ...(scheme
                ? [
                    { key: 'simulation', label: t('balance.designer.tabs.simulation'), children: <SimulationPanel scheme={scheme} canDesign={canDesign} /> },
                    { key: 'tables', label: t('balance.designer.tabs.tables'), children: <TablesPanel scheme={scheme} canDesign={canDesign} /> },
                  ]
                : []),
            ]}
            data-testid="scheme-tabs"
          />
        )}
      </Card>
    </Flex>
  );
}
