// Levelised cost of energy and CO₂ avoided (docs/ECONOMICS.md "Results"):
//   LCOE = (capex + Σ om_y / (1 + r)^y − residual / (1 + r)^N) / Σ energy_y / (1 + r)^y  [yuan/kWh]
//   CO₂ avoided = Σ energy × factor [t], factor in t CO₂/MWh (default 0.5703: the national grid average
//   emission factor of China's grid for 2022 that the Ministry of Ecology and Environment set for
//   emission reporting, Huanban Qihou Han [2023] No. 43; user-set).

export interface LcoeInput {
  /** Investment [yuan]. */
  capex: number;
  /** O&M of each year, index 0 = year 1 [yuan]. */
  om: ArrayLike<number>;
  /** Energy of each year [kWh]. */
  energy: ArrayLike<number>;
  /** Residual value at the end of the last year [yuan]. */
  residual: number;
  /** [−] */
  discountRate: number;
}

/** [yuan/kWh]; null when there is no energy. */
export function lcoe(i: LcoeInput): number | null {
  const N = i.energy.length;
  let cost = i.capex;
  let energy = 0;
  let d = 1;
  for (let y = 1; y <= N; y++) {
    d /= 1 + i.discountRate;
    cost += (i.om[y - 1] ?? 0) * d;
    energy += i.energy[y - 1] * d;
  }
  cost -= i.residual * d;
  return energy > 0 ? cost / energy : null;
}

/** Σ energy [kWh] × factor [t/MWh] / 1000 → [t]. */
export function co2Tonnes(energy: ArrayLike<number>, factor: number): number {
  let s = 0;
  for (let y = 0; y < energy.length; y++) s += energy[y];
  return (s / 1000) * factor;
}
