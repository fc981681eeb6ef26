import { AppstoreOutlined, BarChartOutlined, DashboardOutlined, EyeInvisibleOutlined, FormOutlined, MedicineBoxOutlined, PartitionOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApplicationName, PlatformActor } from '@dcap/core';
import { APPLICATION_LANDINGS, mayOpenApplication, showApplicationNames } from '../applications';

/** Each sub-application's logo (spec 000 §1 shell names). */
const APPLICATION_LOGOS: Record<ApplicationName, ReactNode> = {
  dCap: <FormOutlined />,
  Balance: <PartitionOutlined />,
  Bigscreen: <DashboardOutlined />,
  iMask: <EyeInvisibleOutlined />,
  iSupply: <MedicineBoxOutlined />,
  Analytics: <BarChartOutlined />,
};

interface AppSwitcherProps {
  applications: readonly ApplicationName[];
  projectId: number;
  user: PlatformActor;
  roleCount: number;
}

/** One button per application enabled in the current project (spec 000 §2.1). */
export function AppSwitcher({ applications, projectId, user, roleCount }: AppSwitcherProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const named = showApplicationNames(applications.length);

  const open = (application: ApplicationName) => {
    if (!mayOpenApplication(user, roleCount)) {
      modal.error({ title: t('shell.app.forbiddenTitle'), content: t('shell.app.forbidden') });
      return;
    }
    const landing = APPLICATION_LANDINGS[application];
    if (!landing) {
      void message.info(t('shell.app.notAvailable', { name: application }));
      return;
    }
    // Spec 000 §2.4: the window name carries the current project id while moving between applications.
    window.name = String(projectId);
    void navigate(landing);
  };

  return (
    <Space size={4} data-testid="app-switcher">
      <AppstoreOutlined className="dcap-projectbar__muted" aria-label={t('shell.app.label')} />
      {applications.map((application) => {
        const button = (
          <Button key={application} size="small" type="text" icon={APPLICATION_LOGOS[application]} onClick={() => open(application)} data-testid={`app-${application}`}>
            {named ? application : null}
          </Button>
        );
        return named ? (
          button
        ) : (
          <Tooltip key={application} title={application}>
            {button}
          </Tooltip>
        );
      })}
    </Space>
  );
}
