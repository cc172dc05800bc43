// The report's downloads (spec 001 §1 outputs, §8 'Export PDF failed', 'File download failed, please
// try again later!'): one entry of the Download menu fetched with the session's headers (or a share
// key) in the UI language and saved under the server's file name.
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReportFile, exportProjectFile, type ReportAccess } from '../api/report.ts';
import { saveFile } from '../save-file.ts';
import { downloadFailure, reportLanguageOf, type DownloadEntry } from '../components/report/report-downloads.ts';

export function useReportDownloads(access: ReportAccess | null) {
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<DownloadEntry['key'] | null>(null);

  const download = useCallback(
    async (entry: DownloadEntry) => {
      if (!access) return;
      setBusy(entry.key);
      try {
        const file = entry.file
          ? await downloadReportFile(access, { ...entry.file, lang: reportLanguageOf(i18n.language) })
          : 'projectId' in access
            ? await exportProjectFile(access.projectId)
            : null;
        if (file) saveFile(file.blob, file.name);
      } catch {
        void message.error(t(downloadFailure(entry)));
      } finally {
        setBusy(null);
      }
    },
    [access, i18n.language, message, t],
  );

  return { busy, download };
}
