// The project list's report actions (spec 001 §1 outputs, §2 "Actions per project: … download DXF,
// share O&M link, export CAD"; issue 17 "Project list: DXF download, CAD export, O&M link"): the DXF
// drawing, the CAD export (the same DXF drawing), the project file, importing a project file (opens
// the new project), and the O&M link — the O&M plant bound to the design, or, when none is, an offer
// to create one from the design (the O&M side's plant creation binds it).
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectSummary } from '../../model/api/projects.ts';
import { createPlant } from '../api/aiom-devices.ts';
import { listProjects } from '../api/projects.ts';
import { downloadReportFile, exportProjectFile, importProjectFile, plantDesignOf } from '../api/report.ts';
import { saveFile } from '../save-file.ts';
import { withLoading } from '../app/loading.ts';
import { ROUTES } from '../app/paths.ts';
import { reportLanguageOf } from '../components/report/report-downloads.ts';

/** The O&M plant (of `plants`) bound to `designId`, or null. */
export async function findBoundPlant(designId: number, plants: readonly number[], designOf: (plantId: number) => Promise<number | null>): Promise<number | null> {
  const designs = await Promise.all(plants.map((id) => designOf(id)));
  const i = designs.findIndex((d) => d === designId);
  return i < 0 ? null : plants[i];
}

export function useReportListActions(reload: () => Promise<void> | void) {
  const { message, modal } = App.useApp();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);

  const dxf = useCallback(
    async (p: ProjectSummary) => {
      try {
        const file = await withLoading(() => downloadReportFile({ projectId: p.projectId }, { format: 'dxf', kind: 'design', lang: reportLanguageOf(i18n.language) }));
        saveFile(file.blob, file.name);
      } catch {
        void message.error(t('report.download.failed'));
      }
    },
    [i18n.language, message, t],
  );

  const projectFile = useCallback(
    async (p: ProjectSummary) => {
      try {
        const file = await withLoading(() => exportProjectFile(p.projectId));
        saveFile(file.blob, file.name);
      } catch {
        void message.error(t('report.download.failed'));
      }
    },
    [message, t],
  );

  const importFile = useCallback(
    async (file: File) => {
      setImporting(true);
      try {
        const r = await importProjectFile(file);
        void message.success(t('report.list.imported'));
        await reload();
        void navigate(`/setting/basic?id=${r.projectId}`);
      } catch {
        // the client showed the server's message
      } finally {
        setImporting(false);
      }
    },
    [message, t, reload, navigate],
  );

  const openAiom = useCallback(
    async (p: ProjectSummary) => {
      const plants = await withLoading(() => listProjects({ reOrAiom: 'AIOM', size: 100 })).catch(() => null);
      if (!plants) return;
      const bound = await withLoading(() => findBoundPlant(p.projectId, plants.list.map((x) => x.projectId), plantDesignOf));
      if (bound !== null) {
        void navigate(`${ROUTES.aiomSummary}?id=${bound}`);
        return;
      }
      modal.confirm({
        title: t('home.actions.aiom'),
        content: t('report.list.aiomNotBound'),
        okText: t('report.list.aiomCreate'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          const plant = await createPlant(p.projectId).catch(() => null);
          if (plant) void navigate(`${ROUTES.aiomSummary}?id=${plant.projectId}`);
        },
      });
    },
    [modal, t, navigate],
  );

  return { dxf, cad: dxf, projectFile, importFile, importing, openAiom };
}
