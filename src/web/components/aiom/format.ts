// How the O&M pages write their figures: power in W/kW/MW, energy in kWh/MWh/GWh (each scaled to the
// largest unit that keeps the number ≥ 1), ratios as percentages, fixed decimals and local times.
// Pure functions; the units are SI prefixes (BIPM SI Brochure §3).
/** A value and its unit, ready for a Statistic or a table cell. */
export interface Scaled {
  value: string;
  unit: string;
}

const POWER_UNITS = ['W', 'kW', 'MW', 'GW'] as const;
const ENERGY_UNITS = ['kWh', 'MWh', 'GWh', 'TWh'] as const;

function scale(x: number, units: readonly string[], digits: number): Scaled {
  let i = 0;
  let v = x;
  while (Math.abs(v) >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return { value: v.toFixed(i === 0 && Number.isInteger(v) ? 0 : digits), unit: units[i] };
}

/** A power [W] in the largest unit keeping it ≥ 1; null → '—'. */
export function formatPower(watts: number | null | undefined, digits = 2): Scaled {
  if (watts == null || !Number.isFinite(watts)) return { value: '—', unit: 'kW' };
  return scale(watts, POWER_UNITS, digits);
}

/** An energy [kWh] in the largest unit keeping it ≥ 1; null → '—'. */
export function formatEnergy(kwh: number | null | undefined, digits = 2): Scaled {
  if (kwh == null || !Number.isFinite(kwh)) return { value: '—', unit: 'kWh' };
  return scale(kwh, ENERGY_UNITS, digits);
}

/** '12.3 kW' */
export function joinScaled(s: Scaled): string {
  return s.value === '—' ? s.value : `${s.value} ${s.unit}`;
}

/** A ratio [-] as a percentage ('81.2 %'); null → '—'. */
export function formatPercent(ratio: number | null | undefined, digits = 1): string {
  if (ratio == null || !Number.isFinite(ratio)) return '—';
  return `${(ratio * 100).toFixed(digits)} %`;
}

/** A number with fixed decimals; null → '—'. */
export function formatNumber(x: number | null | undefined, digits = 2): string {
  if (x == null || !Number.isFinite(x)) return '—';
  return x.toFixed(digits);
}

/** A time as 'YYYY-MM-DD HH:mm' in the browser's zone; null → '—'. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
