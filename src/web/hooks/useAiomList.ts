// The O&M list (/home/aiomList, spec 000 §2): the user's plants (projects of variant AIOM), a page at a
// time, each with its live figures — live power, today's energy, devices online, active alarms — read
// from the plant's overview and alarm list (one pair of calls per row, silent: a plant without
// telemetry still lists). Creating a plant from a designed project opens its overview.
import { useCallback } from 'react';
import type { ProjectSummary } from '../../model/api/projects.ts';
import type { Overview } from '../../model/api/aiom-telemetry.ts';
import { listAlarms } from '../api/alarms.ts';
import { getOverview } from '../api/aiom-telemetry.ts';
import { deleteProject, listProjects } from '../api/projects.ts';
import { usePagedList } from './usePagedList.ts';

/** A plant row: the project and, once loaded, its overview and active alarms (null: not available). */
export interface AiomPlantRow {
  project: ProjectSummary;
  overview: Overview | null;
  activeAlarms: number | null;
}

async function loadPlants(q: { name: string; page: number; size: number }) {
  const r = await listProjects({ page: q.page, size: q.size, reOrAiom: 'AIOM', name: q.name.trim() || undefined });
  return { total: r.total, list: r.list.map((project): AiomPlantRow => ({ project, overview: null, activeAlarms: null })) };
}

const withLiveFigures = (rows: AiomPlantRow[]) => Promise.all(rows.map((r) => liveFigures(r.project)));
const STEPS = { refine: withLiveFigures };

async function liveFigures(p: ProjectSummary): Promise<AiomPlantRow> {
  const [overview, alarms] = await Promise.all([
    getOverview(p.projectId, { silent: true }).catch(() => null),
    listAlarms(p.projectId, { status: 'active', page: 1, size: 1 }).catch(() => null),
  ]);
  return { project: p, overview, activeAlarms: alarms ? alarms.total : null };
}

export function useAiomList(size = 10) {
  const { setFilter, page, setPage, rows, total, loading, reload } = usePagedList(loadPlants, { name: '' }, size, STEPS);
  const search = useCallback((text: string) => setFilter({ name: text }), [setFilter]);

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
