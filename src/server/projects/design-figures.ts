// The figures a project row keeps from its design (issue 18), so that the project list, compare and
// share pages show them without opening documents: the installed capacity [kWp] of the saved layout
// ('component-layout' in the editor's shape: modules × the module's power), and the annual AC yield
// [kWh] of the project's last simulation when one exists (null otherwise). Written whenever the layout
// is saved or cleared (routes/project/design.ts) and when a simulation is kept (routes/project/
// compute.ts), from what is stored — so the row always follows the last write, whichever came last.
// A layout not in the editor's shape (an older client's) leaves the capacity as it was.
import { layoutDocumentSchema, layoutTotals } from '../../model/design.ts';
import type { DesignDocuments } from './documents.ts';
import type { Db } from './rows.ts';

/** The saved layout's installed capacity [kWp], rounded to 1 W; null when none is saved in the editor's shape. */
export function layoutCapacityKw(data: unknown): number | null {
  if (data === null || data === undefined) return null;
  const doc = layoutDocumentSchema.safeParse(data);
  return doc.success ? Math.round(layoutTotals(doc.data).kWp * 1000) / 1000 : null;
}

/** The annual AC yield of a stored simulation result [kWh]; null when it has none. */
export function simulationAnnualKwh(data: unknown): number | null {
  const annual = (data as { annual?: { acKwh?: unknown } } | null)?.annual;
  return typeof annual?.acKwh === 'number' && Number.isFinite(annual.acKwh) ? annual.acKwh : null;
}

/** Writes the design's capacity and yield onto the project row (inside `db`'s transaction if it is one). */
export async function keepDesignFigures(db: Db, documents: DesignDocuments, projectId: number): Promise<void> {
  const capacity = layoutCapacityKw((await documents.read(projectId, 'component-layout', db)).data);
  const annual = simulationAnnualKwh((await documents.read(projectId, 'simulation', db)).data);
  await db
    .updateTable('projects')
    .set({ ...(capacity === null ? {} : { capacity_kw: capacity }), annual_kwh: annual })
    .where('id', '=', projectId)
    .execute();
}
