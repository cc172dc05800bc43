// Energy comparison of 2–3 projects (spec 000 §7 "Export and comparison: powerComparison", §9
// "Comparison: 2 to 3 projects"): for each, the monthly and annual AC energy, specific yield,
// performance ratio and capacity of its saved simulation result (the 'simulation' design document
// that POST /project/simulation keeps, routes/project/compute.ts). A project without a result is
// reported as such (hasResult false, result null), never as zero. Each project must be the caller's
// own or opened by one of the given share keys; anything else answers 404 like a missing project.
import { z } from 'zod';
import type { comparedProjectSchema } from '../../model/catalogue/api.ts';
import { PROJECT_LIMITS } from '../../model/api/projects.ts';
import { simulateOutputSchema } from '../../model/simulate.ts';
import { apiError } from '../errors.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { ProjectService } from '../projects/projects.ts';
import type { ProjectRow } from '../projects/rows.ts';
import type { ShareService } from '../projects/shares.ts';

type Compared = z.infer<typeof comparedProjectSchema>;

/** The parts of a stored simulation result the comparison reads. */
/**
 * A kept result: its weather as any version wrote it (results kept before the station weather name
 * their source 'synthetic'), only the source name and the estimate flag read.
 */
const storedResult = simulateOutputSchema
  .pick({ annual: true, monthly: true, estimate: true })
  .extend({ weather: z.object({ source: z.string(), estimate: z.boolean() }).partial().optional() });

export class PowerComparison {
  constructor(
    private readonly projects: ProjectService,
    private readonly shares: ShareService,
    private readonly documents: DesignDocuments,
  ) {}

  async compare(userId: number, projectIds: number[], shareKeys: string[] = []): Promise<Compared[]> {
    const ids = [...new Set(projectIds)];
    if (ids.length < PROJECT_LIMITS.compareMin) throw apiError('COMPARE_TOO_FEW', {}, { field: 'projectIds' });
    if (ids.length > PROJECT_LIMITS.compareMax) throw apiError('COMPARE_TOO_MANY', {}, { field: 'projectIds' });
    const shared = new Set<number>();
    for (const key of shareKeys) shared.add((await this.shares.resolve(key)).projectId);
    const out: Compared[] = [];
    for (const id of ids) {
      let row: ProjectRow;
      let access: Compared['access'] = 'own';
      try {
        row = await this.projects.row(userId, id);
      } catch (err) {
        if (!shared.has(id)) throw err;
        row = await this.projects.rowById(id);
        access = 'shared';
      }
      out.push(await this.one(row, access));
    }
    return out;
  }

  private async one(row: ProjectRow, access: Compared['access']): Promise<Compared> {
    const base = { projectId: row.id, name: row.name, access, capacity: row.capacity_kw };
    const doc = await this.documents.read(row.id, 'simulation');
    if (doc.data === null) return { ...base, hasResult: false, result: null, notice: 'no simulation result saved: run the simulation of this project first' };
    const parsed = storedResult.safeParse(doc.data);
    if (!parsed.success) return { ...base, hasResult: false, result: null, notice: 'the saved simulation result is not readable: run the simulation again' };
    const s = parsed.data;
    const monthlyKwh = new Array<number>(12).fill(0);
    for (const m of s.monthly) monthlyKwh[m.month - 1] += m.acKwh;
    return {
      ...base,
      hasResult: true,
      result: {
        capacityKwp: s.annual.capacityKwp,
        annualKwh: s.annual.acKwh,
        monthlyKwh,
        specificYield: s.annual.specificYield,
        performanceRatio: s.annual.performanceRatio,
        estimate: s.weather?.estimate ?? s.estimate ?? false,
        weatherSource: s.weather?.source ?? null,
        updateTime: doc.updatedAt,
      },
      notice: null,
    };
  }
}
