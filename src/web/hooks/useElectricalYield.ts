// The Electrical step's yield: the project's last simulation (read on entry, so a reload shows it) and
// "Simulate" — the saved documents first (the server simulates what it holds: layout, shading, strings
// and inverters, cables, the project's weather), then the server's simulation of the project, kept on
// the project (its kWp and annual kWh show in the project list). A plant too large to simulate while
// the user waits is queued by the server: the step follows the queued run (also after leaving and
// coming back) and shows the kept simulation once it is done, or the run's error.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { YieldRun } from '../../model/api/electrical.ts';
import { lastSimulation, runSimulation, yieldRun, type ProjectSimulation } from '../api/electrical.ts';

/** How often a queued run is asked after [ms]. */
export const YIELD_POLL_MS = 2000;

export interface ElectricalYield {
  readonly simulation: ProjectSimulation | null;
  /** A simulation is being worked out (answered now, or queued). */
  readonly running: boolean;
  /** The queued run being followed (a large plant), or null. */
  readonly queued: YieldRun | null;
  /** Why the last run failed, or null. */
  readonly error: string | null;
  run(): Promise<void>;
}

const active = (r: YieldRun | null): r is YieldRun => r !== null && (r.status === 'queued' || r.status === 'running');

export function useElectricalYield(projectId: number, saveFirst: () => Promise<boolean>): ElectricalYield {
  const { t } = useTranslation();
  const [simulation, setSimulation] = useState<ProjectSimulation | null>(null);
  const [running, setRunning] = useState(false);
  const [queued, setQueued] = useState<YieldRun | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctl = { live: true };
    lastSimulation(projectId)
      .then((s) => ctl.live && setSimulation((cur) => cur ?? s))
      .catch(() => {});
    yieldRun(projectId)
      .then((r) => ctl.live && active(r) && setQueued((cur) => cur ?? r))
      .catch(() => {});
    return () => {
      ctl.live = false;
    };
  }, [projectId]);

  // Follows a queued run until it is done (then the kept simulation) or failed (then its error).
  const followedId = active(queued) ? queued.id : null;
  useEffect(() => {
    if (followedId === null) return;
    const ctl = { live: true, timer: 0 as ReturnType<typeof setTimeout> | 0 };
    const poll = async () => {
      try {
        const r = await yieldRun(projectId);
        if (!ctl.live) return;
        if (r === null || r.id !== followedId) {
          setQueued(null);
          return;
        }
        if (r.status === 'done') {
          const s = await lastSimulation(projectId);
          if (!ctl.live) return;
          setSimulation(s);
          setQueued(null);
          return;
        }
        if (r.status === 'failed') {
          setError(r.error?.message ?? t('electrical.yield.queueFailed'));
          setQueued(null);
          return;
        }
        setQueued(r);
      } catch {
        // A failed poll is asked again.
      }
      if (ctl.live) ctl.timer = setTimeout(() => void poll(), YIELD_POLL_MS);
    };
    ctl.timer = setTimeout(() => void poll(), YIELD_POLL_MS);
    return () => {
      ctl.live = false;
      if (ctl.timer) clearTimeout(ctl.timer);
    };
  }, [followedId, projectId, t]);

  const run = useCallback(async () => {
    setRunning(true);
    setError(null);
    try {
      if (!(await saveFirst())) {
        setError(t('electrical.yield.saveFirst'));
        return;
      }
      const answer = await runSimulation(projectId);
      if ('queued' in answer) setQueued(answer.queued);
      else setSimulation(answer);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  }, [projectId, saveFirst, t]);

  return { simulation, running: running || active(queued), queued: active(queued) ? queued : null, error, run };
}
