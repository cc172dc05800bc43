// A battery's life over the years (docs/ECONOMICS.md "Degradation"): the usable capacity of year y is
// (1 − fade)^(y − 1) of the nominal one; a replacement every N years restores it. The battery bought
// in year 0 serves years 1 … N, its successor years N + 1 … 2N, and so on: replacements fall in years
// N + 1, 2N + 1, … (their cost is paid in that year of the cash flow).

/** Whether a new battery starts year y (1-based); never without a replacement period. */
export function isReplacementYear(y: number, everyYears: number | null | undefined): boolean {
  return !!everyYears && y > 1 && (y - 1) % everyYears === 0;
}

/** Usable share of the nominal capacity in year y [−]. */
export function capacityFactor(y: number, fade: number, everyYears: number | null | undefined): number {
  const age = everyYears ? (y - 1) % everyYears : y - 1;
  return (1 - fade) ** age;
}
