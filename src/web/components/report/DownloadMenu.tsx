// The report's "Download" menu (spec 001 §1 outputs): the PDF, Word and PowerPoint reports, the
// evaluation, feasibility and advanced economic reports, the DXF drawing, the 8760-hour xlsx, the 3D
// model (glTF) and — for the owner — the project file, in the UI language.
import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportAccess } from '../../api/report.ts';
import { useReportDownloads } from '../../hooks/useReportDownloads.ts';
import { downloadsFor } from './report-downloads.ts';

export function DownloadMenu({ access, disabled }: { access: ReportAccess; disabled?: boolean }) {
  const { t } = useTranslation();
  const d = useReportDownloads(access);
  const entries = downloadsFor('shareKey' in access);
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items: entries.map((e) => ({
          key: e.key,
          label: <span data-testid={`report-download-${e.key}`}>{t(e.label)}</span>,
          disabled: d.busy !== null,
          onClick: () => void d.download(e),
        })),
      }}
    >
      <Button type="primary" data-testid="report-download" icon={d.busy ? <LoadingOutlined /> : undefined}>
        {t('report.download.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
