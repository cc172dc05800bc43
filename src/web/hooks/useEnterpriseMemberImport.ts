// The personnel import (spec 001 §2 "Personnel information: add, import"; §7 "enterprise user template
// upload, get and clear"): the xlsx template downloaded, the filled one uploaded (each row added or
// failed with its field and message; the unregistered invited unless unticked), the last import's
// report loaded when the page opens, and cleared.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearMemberImport, downloadMemberTemplate, lastMemberImport, uploadMemberTemplate, type ImportReport } from '../api/enterprise.ts';
import { saveFile } from '../save-file.ts';

/** The template's file name as the user saves it. */
export const TEMPLATE_DOWNLOAD_NAME = 'personnel-template.xlsx';

export function useEnterpriseMemberImport(onImported: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState(true);

  useEffect(() => {
    let live = true;
    lastMemberImport()
      .then((r) => live && setReport(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const download = useCallback(async () => {
    try {
      saveFile(await downloadMemberTemplate(), TEMPLATE_DOWNLOAD_NAME);
    } catch {
      // the client showed the error
    }
  }, []);

  const upload = useCallback(
    async (file: File) => {
      setBusy(true);
      try {
        const r = await uploadMemberTemplate(file, file.name, invite);
        setReport(r);
        void message.success(t('enterprise.people.import.summary', { total: r.total, added: r.added, failed: r.failed }));
        onImported();
      } catch {
        // the client showed the error
      } finally {
        setBusy(false);
      }
    },
    [invite, message, t, onImported],
  );

  const clear = useCallback(async () => {
    try {
      await clearMemberImport();
      setReport(null);
    } catch {
      // the client showed the error
    }
  }, []);

  return { report, busy, invite, setInvite, download, upload, clear };
}
