// The O&M list (/home/aiomList, spec 000 §2): the user's plants (projects of variant AIOM), a page at a
// time, each with its live figures — live power, today's energy, devices online, active alarms — read
// from the plant's overview and alarm list (one pair of calls per row, silent: a plant without
// telemetry still lists). Creating a plant from a designed project opens its overview.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectSummary } from '../../model/api/projects.ts';
import type { Overview } from '../../model/api/aiom-telemetry.ts';
import { listAlarms } from '../api/alarms.ts';
import { getOverview } from '../api/aiom-telemetry.ts';
import { deleteProject, listProjects } from '../api/projects.ts';

/** A plant row: the project and, once loaded, its overview and active alarms (null: not available). */
export interface AiomPlantRow {
  project: ProjectSummary;
  overview: Overview | null;
  activeAlarms: number | null;
}

async function liveFigures(p: ProjectSummary): Promise<AiomPlantRow> {
  const [overview, alarms] = await Promise.all([
    getOverview(p.projectId, { silent: true }).catch(() => null),
    listAlarms(p.projectId, { status: 'active', page: 1, size: 1 }).catch(() => null),
  ]);
  return { project: p, overview, activeAlarms: alarms ? alarms.total : null };
}

export function useAiomList(size = 10) {
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<AiomPlantRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const r = await listProjects({ page, size, reOrAiom: 'AIOM', name: name.trim() || undefined });
      if (ticket !== latest.current) return;
      setTotal(r.total);
      setRows(r.list.map((project) => ({ project, overview: null, activeAlarms: null })));
      const full = await Promise.all(r.list.map(liveFigures));
      if (ticket === latest.current) setRows(full);
    } catch {
      // the client showed the error
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [page, size, name]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const search = useCallback((text: string) => {
    setName(text);
    setPage(1);
  }, []);

  const remove = useCallback(
    async (projectId: number) => {
      await deleteProject(projectId);
      await reload();
    },
    [reload],
  );

  return { rows, total, page, setPage, size, loading, search, reload, remove };
}

/** A plant's state for the list: no devices, every device silent, a fault, some offline, or all well. */
export type PlantState = 'noDevices' | 'offline' | 'fault' | 'partial' | 'normal';

export function plantState(h: Overview['health'] | null | undefined): PlantState {
  if (!h || h.devices === 0) return 'noDevices';
  if (h.fault > 0) return 'fault';
  if (h.online === 0) return 'offline';
  if (h.online < h.devices) return 'partial';
  return 'normal';
}
