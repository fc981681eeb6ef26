import { CodeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download';
import { useOdmDesignDownload } from './api';

/**
 * "Design as ODM 1.3.2 (XML)": the design the environment runs, as CDISC ODM metadata for a statistician's or
 * a sponsor's tools. Offered to roles with the export right; the server checks that right on the call.
 */
export function OdmDesignButton({ projectId, env }: { projectId: number; env: string | null }) {
  const { t } = useTranslation();
  const download = useOdmDesignDownload();
  return (
    <Button icon={<CodeOutlined />} loading={download.isPending} onClick={() => download.mutate({ projectId, env }, { onSuccess: saveFile })} data-testid="odm-design-xml">
      {t('odm.design.download')}
    </Button>
  );
}
