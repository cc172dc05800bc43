// The comparison page (spec 000 §5, 001 §2 "Scheme comparison"): 2 to 3 projects from the url, their
// overviews side by side; clearing the compare list asks first.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ProjectOverview } from '../../model/api/projects.ts';
import { compareProjects } from '../api/projects.ts';
import { ROUTES } from '../app/paths.ts';
import { compareProblem, parseCompareIds } from './compare.ts';

export function useCompare() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = parseCompareIds(params.get('ids'));
  const problem = compareProblem(ids.length);
  const key = ids.join(',');
  const [list, setList] = useState<ProjectOverview[] | null>(null);

  useEffect(() => {
    if (problem) return;
    setList(null);
    compareProjects(key.split(',').map(Number))
      .then((r) => setList(r.list))
      .catch(() => setList([]));
  }, [key, problem]);

  const clear = useCallback(() => {
    modal.confirm({
      title: t('home.compare.clear'),
      content: t('home.compare.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => void navigate(ROUTES.homeLite),
    });
  }, [modal, t, navigate]);

  return { ids, problem, list, clear };
}
