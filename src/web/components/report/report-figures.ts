// What the Report step and the share report page show of a report model (src/model/report.ts; issue
// 17 "key figures … monthly energy, PVsyst-style loss diagram, electrical summary, economics"): the key
// figures with the step that makes each one (a figure whose step has not run reads '—' and links
// there), the loss diagram's rows (the nominal energy, each loss line with its share of the nominal
// and of the energy reaching it, as PVsyst's diagram prints them, then the AC energy), the electrical
// and economic summaries, and the modules' colours (by string, or by annual shading loss on the
// editor's viridis ramp). Pure: no React, no DOM.
import type { ReportModel } from '../../../model/report.ts';
import type { StepName } from '../../app/paths.ts';
import { heatRgb, rgbCss } from '../../editor/render/heat-colours.ts';
import { fittedScale, type HeatScale } from '../../editor/shade/heat-scale.ts';

export type KeyFigureName = 'capacity' | 'annualEnergy' | 'specificYield' | 'performanceRatio' | 'selfConsumption' | 'npv' | 'irr' | 'payback' | 'co2';

/** One key figure: its value in the unit shown (null: the step that makes it has not run). */
export interface KeyFigure {
  name: KeyFigureName;
  /** In the unit shown: kWp, kWh, kWh/kWp, %, 10k yuan, %, years, t. */
  value: number | null;
  unit: string;
  /** Decimals shown. */
  digits: number;
  /** The step that makes the figure (the link when the value is missing). */
  step: StepName;
}

/** Yuan in 10k yuan (万元), the unit of money in the product (spec 001 §9). */
const WAN = 10_000;

/** The nine key figures of a report, in the order shown. */
export function keyFigures(m: ReportModel): KeyFigure[] {
  const e = m.energy;
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? null : v * 100);
  return [
    { name: 'capacity', value: m.system.capacityKwp > 0 ? m.system.capacityKwp : null, unit: 'kWp', digits: 2, step: 'components' },
    { name: 'annualEnergy', value: e?.acKwh ?? null, unit: 'kWh', digits: 0, step: 'electrical' },
    { name: 'specificYield', value: e?.specificYield ?? null, unit: 'kWh/kWp', digits: 1, step: 'electrical' },
    { name: 'performanceRatio', value: pct(e?.performanceRatio), unit: '%', digits: 1, step: 'electrical' },
    { name: 'selfConsumption', value: pct(m.balance?.selfConsumptionRate), unit: '%', digits: 1, step: 'economics' },
    { name: 'npv', value: m.economics ? m.economics.npv / WAN : null, unit: 'wan', digits: 2, step: 'economics' },
    { name: 'irr', value: pct(m.economics?.irr), unit: '%', digits: 2, step: 'economics' },
    { name: 'payback', value: m.economics?.paybackYears ?? null, unit: 'years', digits: 1, step: 'economics' },
    { name: 'co2', value: m.co2?.firstYearTonnes ?? null, unit: 't', digits: 1, step: 'electrical' },
  ];
}

type Energy = NonNullable<ReportModel['energy']>;

/** One line of the loss diagram. */
export type LossRow =
  | { kind: 'nominal'; kwh: number; percentOfNominal: 100 }
  | {
      kind: 'loss';
      name: Energy['losses'][number]['name'];
      /** Energy lost on this line [kWh] (negative: a gain). */
      kwh: number;
      /** Share of the nominal energy [%] (the model's). */
      percentOfNominal: number;
      /** Share of the energy reaching this line [%] (PVsyst's figure). */
      percentOfStage: number;
      /** Energy left after this line [kWh]. */
      after: number;
    }
  | { kind: 'ac'; kwh: number; percentOfNominal: number };

/**
 * The loss diagram top to bottom: the nominal energy (capacity × unshaded POA irradiation), each loss
 * line, the AC energy. The last line's `after` equals the AC energy when the losses close the
 * balance (nominal − Σ losses = AC); `residualKwh` says by how much they do not.
 */
export function lossRows(e: Energy): { rows: LossRow[]; residualKwh: number } {
  const rows: LossRow[] = [{ kind: 'nominal', kwh: e.nominalKwh, percentOfNominal: 100 }];
  let level = e.nominalKwh;
  for (const l of e.losses) {
    const after = level - l.kwh;
    rows.push({ kind: 'loss', name: l.name, kwh: l.kwh, percentOfNominal: l.percent, percentOfStage: level > 0 ? (100 * l.kwh) / level : 0, after });
    level = after;
  }
  rows.push({ kind: 'ac', kwh: e.acKwh, percentOfNominal: e.nominalKwh > 0 ? (100 * e.acKwh) / e.nominalKwh : 0 });
  return { rows, residualKwh: level - e.acKwh };
}

/**
 * The lines the diagram prints: the nominal and AC lines and every loss line of at least `minKwh`
 * either way (a line the simulation did not apply — no horizon, no shading analysis — is 0 and left
 * out, as PVsyst leaves it out).
 */
export function visibleLossRows(rows: readonly LossRow[], minKwh = 0.5): LossRow[] {
  return rows.filter((r) => r.kind !== 'loss' || Math.abs(r.kwh) >= minKwh);
}

/** The electrical summary: counts and cable totals, and the checks that failed. */
export function electricalSummary(m: ReportModel) {
  const inverterCount = m.system.inverters.reduce((s, i) => s + i.count, 0);
  const checks = m.electrical?.checks ?? [];
  return {
    inverterCount,
    strings: m.system.strings,
    modulesPerString: m.system.modulesPerString,
    combiners: m.system.combiners,
    dcAcRatio: m.system.dcAcRatio,
    checksPassed: checks.filter((c) => c.ok).length,
    checksFailed: checks.filter((c) => !c.ok).length,
    cables: m.electrical?.cables ?? null,
  };
}

/** The cash flow as the chart shows it: the cumulative cash flow by year [10k yuan]. */
export function cumulativeCashFlow(m: ReportModel): { x: number[]; y: number[] } | null {
  const rows = m.economics?.cashFlows ?? [];
  if (rows.length === 0) return null;
  return { x: rows.map((r) => r.year), y: rows.map((r) => r.cumulative / WAN) };
}

/** How the 3D view colours the modules. */
export type ModuleColouring = 'string' | 'shading';

/**
 * Distinct colours for strings (Kelly's 22 colours of maximum contrast less white and black, K. L.
 * Kelly 1965, "Twenty-two colors of maximum contrast", Color Engineering 3(6)); string n takes colour
 * (n − 1) mod 20.
 */
export const STRING_COLOURS = [
  '#f3c300', '#875692', '#f38400', '#a1caf1', '#be0032', '#c2b280', '#848482', '#008856', '#e68fac', '#0067a5',
  '#f99379', '#604e97', '#f6a600', '#b3446c', '#dcd300', '#882d17', '#8db600', '#654522', '#e25822', '#2b3d26',
] as const;

/** Modules in no string, or without a shading value. */
export const UNASSIGNED_COLOUR = '#9aa4b2';

export function stringColour(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return UNASSIGNED_COLOUR;
  const i = (((Math.trunc(n) - 1) % STRING_COLOURS.length) + STRING_COLOURS.length) % STRING_COLOURS.length;
  return STRING_COLOURS[i];
}

/** The heat map's scale fitted to the modules' losses (null: no module has one). */
export function shadingScale(m: ReportModel): HeatScale | null {
  return fittedScale(m.geometry.modules.map((x) => (x.shading === null ? Number.NaN : x.shading)));
}

/** The CSS colour of every module, in the model's order. */
export function moduleColours(m: ReportModel, colouring: ModuleColouring): string[] {
  if (colouring === 'string') return m.geometry.modules.map((x) => stringColour(x.string));
  const scale = shadingScale(m);
  return m.geometry.modules.map((x) => (x.shading === null || !scale ? UNASSIGNED_COLOUR : rgbCss(heatRgb(x.shading, scale.max, scale.min))));
}

/** The legend of the string colouring: each string number once, in order, with its colour. */
export function stringLegend(m: ReportModel): { number: number; colour: string }[] {
  const numbers = [...new Set(m.geometry.modules.map((x) => x.string).filter((n): n is number => n !== null))].sort((a, b) => a - b);
  return numbers.map((n) => ({ number: n, colour: stringColour(n) }));
}

/** The wizard step where each design document (DESIGN_STEPS) is edited. */
const DOCUMENT_STEP: Readonly<Record<string, StepName>> = {
  'lite-re': 'building',
  'scene-3d': 'building',
  '3d-bg': 'building',
  arrays: 'components',
  'component-layout': 'components',
  'shadow-time': 'components',
  'shade-analysis': 'components',
  'inverter-config': 'electrical',
  cable: 'electrical',
  simulation: 'electrical',
  economic: 'economics',
  'advanced-economic': 'economics',
  'energy-storage': 'economics',
  'economics-result': 'economics',
  'power-load': 'load',
  weather: 'information',
  'weather-file': 'information',
};

/** The wizard steps behind the changed documents of a stale report, each once, in the menu's order; unknown names are left out. */
export function staleWizardSteps(staleSteps: readonly string[], order: readonly StepName[]): StepName[] {
  const steps = new Set(staleSteps.map((s) => DOCUMENT_STEP[s]).filter((s): s is StepName => s !== undefined));
  return order.filter((s) => steps.has(s));
}
