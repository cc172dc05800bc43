// The compared projects' economics (issue 17 "compare"): the project overview has the yield but not
// the self-consumption, NPV and IRR, so each compared project's last report is read (GET report); a
// project without a report (or whose report has no balance or economics) shows '—'.
import { useEffect, useState } from 'react';
import type { ReportModel } from '../../model/report.ts';
import { getReport } from '../api/report.ts';

/** Per project id: its report model, null without one; undefined while reading. */
export function useReportCompare(projectIds: readonly number[]): ReadonlyMap<number, ReportModel | null> | undefined {
  const key = projectIds.join(',');
  const [models, setModels] = useState<ReadonlyMap<number, ReportModel | null> | undefined>(undefined);
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    const ctl = new AbortController();
    setModels(undefined);
    void Promise.all(ids.map((id) => getReport(id, ctl.signal).then((s) => s.model, () => null))).then((list) => {
      if (!ctl.signal.aborted) setModels(new Map(ids.map((id, i) => [id, list[i]])));
    });
    return () => ctl.abort();
  }, [key]);
  return models;
}
