// The project lists of /home (spec 001 §2 "Home and project list"): filters (project type, survey
// type, name), thumbnail mode, paging, selection for the comparison (2–3), copy, delete with
// confirmation, share, and the O&M link.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectSummary } from '../../model/api/projects.ts';
import { copyProject, deleteProject, listProjects, type ProjectListQuery } from '../api/projects.ts';
import { withLoading } from '../app/loading.ts';
import { ROUTES } from '../app/paths.ts';
import { compareProblem } from './compare.ts';

export type ProjectFilter = Pick<ProjectListQuery, 'powerStationType' | 'surveyType' | 'name'>;
export type ViewMode = 'table' | 'thumbnail';

export function useProjectList(variant: 'LITE' | 'AIOM') {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilterState] = useState<ProjectFilter>({});
  const [page, setPage] = useState(1);
  const [size] = useState(10);
  const [mode, setMode] = useState<ViewMode>('table');
  const [rows, setRows] = useState<ProjectSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [sharing, setSharing] = useState<ProjectSummary | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const name = filter.name?.trim();
      const r = await listProjects({ page, size, reOrAiom: variant, powerStationType: filter.powerStationType, surveyType: filter.surveyType, name: name || undefined });
      setRows(r.list);
      setTotal(r.total);
    } catch {
      // the client showed the error
    } finally {
      setLoading(false);
    }
  }, [filter, page, size, variant]);

  useEffect(() => {
    void load();
  }, [load]);

  const setFilter = useCallback((patch: Partial<ProjectFilter>) => {
    setFilterState((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);

  const compare = useCallback(() => {
    const problem = compareProblem(selected.length);
    if (problem) {
      void message.warning(t(problem));
      return;
    }
    void navigate(`${ROUTES.compareProject}?ids=${selected.join(',')}`);
  }, [selected, message, t, navigate]);

  const copy = useCallback(
    async (p: ProjectSummary) => {
      const r = await withLoading(() => copyProject(p.projectId)).catch(() => null);
      if (!r) return;
      void message.success(t('home.actions.copied'));
      await load();
    },
    [message, t, load],
  );

  const remove = useCallback(
    (p: ProjectSummary) => {
      modal.confirm({
        title: t('home.actions.delete'),
        content: t('home.actions.deleteConfirm', { name: p.name }),
        okText: t('common.confirm'),
        okButtonProps: { danger: true, id: 'confirm-delete' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          await deleteProject(p.projectId);
          void message.success(t('home.actions.deleted'));
          setSelected((s) => s.filter((id) => id !== p.projectId));
          await load();
        },
      });
    },
    [modal, message, t, load],
  );

  const open = useCallback(
    (p: ProjectSummary) => {
      if (variant === 'AIOM') void navigate(`${ROUTES.aiomSummary}?id=${p.projectId}`);
      else void navigate(`/setting/basic?id=${p.projectId}${p.reOrAiom === 'LITE-RE' ? '&reOrAiom=LITE-RE' : ''}`);
    },
    [navigate, variant],
  );

  const openAiom = useCallback((p: ProjectSummary) => void navigate(`${ROUTES.aiomSummary}?id=${p.projectId}`), [navigate]);

  return { filter, setFilter, page, setPage, size, mode, setMode, rows, total, loading, selected, setSelected, compare, copy, remove, open, openAiom, sharing, setSharing, reload: load };
}
