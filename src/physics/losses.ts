// System losses: the PVWatts v5 combination of percentage losses, named loss factors for the energy
// chain, their sequential attribution in kWh, and linear annual degradation. Behaviour of
// `pvwattsLosses` follows pvlib-python `pvsystem.pvwatts_losses`.
//
// Paper: A. P. Dobos, "PVWatts Version 5 Manual", NREL/TP-6A20-62641, 2014 (eq. 1, Table 3 defaults:
// soiling 2, shading 3, snow 0, mismatch 2, wiring 2, connections 0.5, LID 1.5, nameplate 1, age 0,
// availability 3 → 14.08 %).
//
// Conventions: every loss is a percentage 0..100 of the energy reaching that stage; losses compound
// multiplicatively: L_total = 100·(1 − Π(1 − L_i/100)).

/** PVWatts v5 loss categories [%]. */
export interface PvwattsLossInputs {
  /** Soiling [%], default 2. */
  soiling?: number;
  /** Shading [%], default 3. */
  shading?: number;
  /** Snow [%], default 0. */
  snow?: number;
  /** Module mismatch [%], default 2. */
  mismatch?: number;
  /** DC wiring [%], default 2. */
  wiring?: number;
  /** Connections [%], default 0.5. */
  connections?: number;
  /** Light-induced degradation [%], default 1.5. */
  lid?: number;
  /** Nameplate rating [%], default 1. */
  nameplateRating?: number;
  /** Age [%], default 0. */
  age?: number;
  /** Availability [%], default 3. */
  availability?: number;
}

/** PVWatts v5 default losses (Dobos 2014, Table 3) [%]. */
export const PVWATTS_DEFAULT_LOSSES: Readonly<Required<PvwattsLossInputs>> = {
  soiling: 2,
  shading: 3,
  snow: 0,
  mismatch: 2,
  wiring: 2,
  connections: 0.5,
  lid: 1.5,
  nameplateRating: 1,
  age: 0,
  availability: 3,
};

function checkPercent(name: string, percent: number): void {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`loss${name ? ` ${name}` : ''} must be within 0..100 %, not ${percent}`);
}

/**
 * Multiplicative factor of one loss: 1 − L/100.
 * @param percent loss [%] (0..100)
 * @returns factor [—]
 */
export function lossFactor(percent: number): number {
  checkPercent('', percent);
  return 1 - percent / 100;
}

/**
 * Combined loss of several losses applied in series: 100·(1 − Π(1 − L_i/100)).
 * @param percents losses [%]
 * @returns combined loss [%]
 */
export function combineLosses(percents: Iterable<number>): number {
  let perf = 1;
  for (const p of percents) perf *= lossFactor(p);
  return (1 - perf) * 100;
}

/**
 * PVWatts v5 total system loss (pvlib `pvsystem.pvwatts_losses`); missing categories take the
 * PVWatts defaults, so `pvwattsLosses()` is 14.08 %.
 * @param losses loss per category [%]
 * @returns total loss [%]
 */
export function pvwattsLosses(losses: PvwattsLossInputs = {}): number {
  const all = { ...PVWATTS_DEFAULT_LOSSES, ...stripUndefined(losses) };
  return combineLosses(Object.values(all));
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------
// named losses of the energy chain

/** The per-array losses of simulate (all default 0) [%]. */
export interface SystemLosses {
  /** Soiling [%]. */
  soiling?: number;
  /** Module mismatch [%]. */
  mismatch?: number;
  /** DC wiring (from cable design) [%]. */
  wiring?: number;
  /** Light-induced degradation [%]. */
  lid?: number;
  /** Availability (downtime) [%]. */
  availability?: number;
  /** Shading not modelled geometrically [%]. */
  shading?: number;
  /** Snow [%]. */
  snow?: number;
}

/** Order in which the named losses are applied and reported. */
export const SYSTEM_LOSS_ORDER = ['soiling', 'shading', 'snow', 'mismatch', 'lid', 'wiring', 'availability'] as const;

/** Name of one system loss. */
export type SystemLossName = (typeof SYSTEM_LOSS_ORDER)[number];

/**
 * Combined factor of the named system losses: Π(1 − L_i/100).
 * @param losses named losses [%], missing ones 0
 * @returns factor [—] to multiply the energy by
 */
export function systemLossFactor(losses: SystemLosses = {}): number {
  let f = 1;
  for (const name of SYSTEM_LOSS_ORDER) {
    const p = losses[name] ?? 0;
    checkPercent(name, p);
    f *= 1 - p / 100;
  }
  return f;
}

/** One line of a loss report. */
export interface LossLine {
  /** Loss name. */
  name: string;
  /** Energy lost at this stage [kWh]. */
  kwh: number;
  /** Loss relative to the energy entering this stage [%]. */
  percent: number;
}

/**
 * Sequential attribution of losses: each loss removes its percentage of the energy left after the
 * previous ones, so the kWh lines add up to the total energy lost.
 * @param energy energy before the losses [kWh]
 * @param losses losses in the order they apply ({ name, percent [%] })
 * @returns the lines [kWh, %] and the energy after all losses [kWh]
 */
export function attributeLosses(
  energy: number,
  losses: readonly { name: string; percent: number }[],
): { lines: LossLine[]; energyAfter: number } {
  let e = energy;
  const lines: LossLine[] = [];
  for (const { name, percent } of losses) {
    checkPercent(name, percent);
    const lost = (e * percent) / 100;
    lines.push({ name, kwh: lost, percent });
    e -= lost;
  }
  return { lines, energyAfter: e };
}

/**
 * {@link attributeLosses} for the named system losses in {@link SYSTEM_LOSS_ORDER}, omitting zeros.
 * @param energy energy before the losses [kWh]
 * @param losses named losses [%]
 * @returns the lines [kWh, %] and the energy after all losses [kWh]
 */
export function attributeSystemLosses(energy: number, losses: SystemLosses = {}): { lines: LossLine[]; energyAfter: number } {
  const list = SYSTEM_LOSS_ORDER.filter((name) => (losses[name] ?? 0) !== 0).map((name) => ({
    name,
    percent: losses[name] ?? 0,
  }));
  return attributeLosses(energy, list);
}

// ---------------------------------------------------------------------------------------------
// degradation

/**
 * Linear degradation: power factor in operating year `year` (1-based; year 1 is undegraded),
 * 1 − rate/100·(year − 1), never below 0.
 * @param year operating year [—], integer ≥ 1
 * @param ratePercentPerYear degradation rate [% year⁻¹], ≥ 0
 * @returns power factor [—]
 */
export function degradationFactor(year: number, ratePercentPerYear: number): number {
  if (!(Number.isInteger(year) && year >= 1)) throw new RangeError(`year must be an integer ≥ 1, not ${year}`);
  if (!(ratePercentPerYear >= 0)) throw new RangeError(`degradation rate must be ≥ 0 %/year, not ${ratePercentPerYear}`);
  return Math.max(0, 1 - (ratePercentPerYear / 100) * (year - 1));
}

/**
 * Degradation factors for years 1..years.
 * @param years number of operating years [—]
 * @param ratePercentPerYear degradation rate [% year⁻¹]
 * @returns factor per year [—], index 0 = year 1
 */
export function degradationFactors(years: number, ratePercentPerYear: number): Float64Array {
  if (!(Number.isInteger(years) && years >= 0)) throw new RangeError(`years must be an integer ≥ 0, not ${years}`);
  const r = new Float64Array(years);
  for (let y = 1; y <= years; y++) r[y - 1] = degradationFactor(y, ratePercentPerYear);
  return r;
}
