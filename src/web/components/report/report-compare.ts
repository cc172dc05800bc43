// The comparison's report rows (issue 17 "compare"; spec 000 §7 powerComparison / performCompare):
// self-consumption [%], NPV [10k yuan] and IRR [%] of a compared project from its report model
// ('—' without one). Pure.
import type { ReportModel } from '../../../model/report.ts';
import { thousands } from '../../format.ts';

export type CompareReportRow = 'selfConsumption' | 'npv' | 'irr';

export const COMPARE_REPORT_ROWS: readonly CompareReportRow[] = ['selfConsumption', 'npv', 'irr'];

/** The text of one row for one project's report model (undefined: still reading → '…'). */
export function compareReportCell(row: CompareReportRow, m: ReportModel | null | undefined): string {
  if (m === undefined) return '…';
  if (m === null) return '—';
  switch (row) {
    case 'selfConsumption':
      return m.balance ? `${thousands(m.balance.selfConsumptionRate * 100, 1)} %` : '—';
    case 'npv':
      return m.economics ? thousands(m.economics.npv / 10_000, 2) : '—';
    case 'irr':
      return m.economics && m.economics.irr !== null ? `${thousands(m.economics.irr * 100, 2)} %` : '—';
  }
}
