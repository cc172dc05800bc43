// The state of a project's report (issue 17; spec 001 §4 "Report: generating, then ready. Changing
// settings requires regenerating the report"): read on open, generated on demand, polled every second
// while the server says 'generating'. The owner reads it by project id; a visitor of a report share by
// its key (read-only: no generation).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportState } from '../../model/api/report.ts';
import { generateReport, getReport, getSharedReport, type ReportAccess } from '../api/report.ts';

/** How often the state is read again while generating [ms]. */
export const REPORT_POLL_MS = 1000;

export interface ReportHandle {
  state: ReportState | null;
  /** The state could not be read (an unknown or expired share, a network failure). */
  failed: boolean;
  /** A generation was asked for and has not answered yet. */
  starting: boolean;
  generate: () => Promise<void>;
  reload: () => void;
}

export function useReport(access: ReportAccess | null): ReportHandle {
  const [state, setState] = useState<ReportState | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  const [tick, setTick] = useState(0);
  const projectId = access && 'projectId' in access ? access.projectId : null;
  const shareKey = access && 'shareKey' in access ? access.shareKey : null;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (projectId === null && shareKey === null) return;
    const ctl = new AbortController();
    const read = () => (shareKey !== null ? getSharedReport(shareKey, ctl.signal) : getReport(projectId as number, ctl.signal));
    const step = async () => {
      try {
        const s = await read();
        if (ctl.signal.aborted) return;
        setState(s);
        setFailed(false);
        if (s.status === 'generating') timer.current = setTimeout(() => void step(), REPORT_POLL_MS);
      } catch {
        if (!ctl.signal.aborted) setFailed(true);
      }
    };
    void step();
    return () => {
      ctl.abort();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [projectId, shareKey, tick]);

  const generate = useCallback(async () => {
    if (projectId === null) return;
    setStarting(true);
    try {
      const s = await generateReport(projectId);
      setState(s);
      setFailed(false);
      if (s.status === 'generating') setTick((n) => n + 1);
    } catch {
      setState((s) => (s ? { ...s, status: 'failed' } : { status: 'failed', stale: false, staleSteps: [], generatedAt: null, model: null }));
    } finally {
      setStarting(false);
    }
  }, [projectId]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { state, failed, starting, generate, reload };
}
