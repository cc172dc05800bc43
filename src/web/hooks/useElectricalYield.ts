// The Electrical step's yield: the project's last simulation (read on entry, so a reload shows it) and
// "Simulate" — the saved documents first (the server simulates what it holds: layout, shading, strings
// and inverters, cables, the project's weather), then the server's simulation of the project, kept on
// the project (its kWp and annual kWh show in the project list).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastSimulation, runSimulation, type ProjectSimulation } from '../api/electrical.ts';

export interface ElectricalYield {
  readonly simulation: ProjectSimulation | null;
  readonly running: boolean;
  /** Why the last run failed, or null. */
  readonly error: string | null;
  run(): Promise<void>;
}

export function useElectricalYield(projectId: number, saveFirst: () => Promise<boolean>): ElectricalYield {
  const { t } = useTranslation();
  const [simulation, setSimulation] = useState<ProjectSimulation | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctl = { live: true };
    lastSimulation(projectId)
      .then((s) => ctl.live && setSimulation((cur) => cur ?? s))
      .catch(() => {});
    return () => {
      ctl.live = false;
    };
  }, [projectId]);

  const run = useCallback(async () => {
    setRunning(true);
    setError(null);
    try {
      if (!(await saveFirst())) {
        setError(t('electrical.yield.saveFirst'));
        return;
      }
      setSimulation(await runSimulation(projectId));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  }, [projectId, saveFirst, t]);

  return { simulation, running, error, run };
}
