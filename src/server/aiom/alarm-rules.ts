// The O&M alarm rules (issue 21 §5), pure: from a plant's devices, their latest readings, the current
// irradiance and the day's energy so far, which alarm conditions hold now and which were evaluated at
// all (a rule that cannot be judged — no reading, irradiance below the threshold, too little expected
// energy yet — neither raises nor clears its alarm).
//   offline   a device that has reported before is silent for more than thresholds.offlineMinutes;
//   fault     the device's latest reading has SunSpec operating state 7 (FAULT) or an event bit field
//             Evt1 ≠ 0 (SunSpec inverter models 101–103 "St", "Evt1");
//   stringLow while the plane-of-array irradiance exceeds thresholds.irradianceThresholdWm2, a string's
//             current is below thresholds.stringLowPercent % of the median of the inverter's other
//             strings (one alarm per inverter listing its low strings);
//   prLow     once the day's expected energy reaches one equivalent full-load hour (P0 · 1 h), the
//             day's actual energy is below thresholds.prLowPercent % of it — the day's PR below that
//             share of the expected PR, the reference yield being the same on both sides.
import type { AlarmThresholds } from '../../model/api/aiom-operations.ts';
import type { AlarmRule } from '../../model/api/alarms.ts';

/** SunSpec operating state FAULT. */
export const SUNSPEC_FAULT = 7;

export interface RuleDevice {
  serial: string;
  kind: 'inverter' | 'meter' | 'collector' | 'sensor';
  name: string;
  stringIds: string[];
  /** The latest of aiom_devices.last_seen_at and the latest reading's time. */
  lastSeen: Date | null;
  latest: { ts: Date; status: number | null; faultCode: number | null; stringCurrentsA: number[] | null } | null;
}

export interface RuleInputs {
  now: Date;
  thresholds: AlarmThresholds;
  devices: RuleDevice[];
  /** The plant's current plane-of-array irradiance (a sensor reading of the last 15 minutes) [W m⁻²]. */
  irradianceWm2: number | null;
  /** The local day so far: actual and expected energy [kWh], P0 [kWp]. */
  day: { actualKwh: number; expectedKwh: number | null; capacityKwp: number } | null;
}

export interface Condition {
  rule: AlarmRule;
  deviceSerial: string | null;
  level: number;
  message: string;
  details: Record<string, unknown>;
}

export const conditionKey = (rule: string, serial: string | null) => `${rule}|${serial ?? ''}`;

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** The conditions holding now and the keys of every (rule, device) that could be judged. */
export function evaluateRules(x: RuleInputs): { holding: Condition[]; evaluated: Set<string> } {
  const t = x.thresholds;
  const holding: Condition[] = [];
  const evaluated = new Set<string>();
  for (const d of x.devices) {
    const label = d.name ? `${d.name} (${d.serial})` : d.serial;
    let offline = false;
    if (d.lastSeen) {
      evaluated.add(conditionKey('offline', d.serial));
      const minutes = (x.now.getTime() - d.lastSeen.getTime()) / 60_000;
      if (minutes > t.offlineMinutes) {
        offline = true;
        holding.push({ rule: 'offline', deviceSerial: d.serial, level: t.offlineLevel, message: `${label} has not reported for ${Math.floor(minutes)} minutes`, details: { lastSeen: d.lastSeen.toISOString(), minutes: Math.floor(minutes), limitMinutes: t.offlineMinutes } });
      }
    }
    // A silent device's last state is stale: its fault and strings are judged again once it reports.
    if (!d.latest || offline) continue;
    evaluated.add(conditionKey('fault', d.serial));
    const fault = d.latest.status === SUNSPEC_FAULT || (d.latest.faultCode !== null && d.latest.faultCode !== 0);
    if (fault) {
      holding.push({ rule: 'fault', deviceSerial: d.serial, level: t.faultLevel, message: `${label} reports a fault (state ${d.latest.status ?? '–'}, code ${d.latest.faultCode ?? 0})`, details: { status: d.latest.status, faultCode: d.latest.faultCode, at: d.latest.ts.toISOString() } });
    }
    const currents = d.latest.stringCurrentsA;
    if (d.kind === 'inverter' && currents && currents.length >= 2 && x.irradianceWm2 !== null && x.irradianceWm2 > t.irradianceThresholdWm2) {
      evaluated.add(conditionKey('stringLow', d.serial));
      const low: { index: number; id: string | null; currentA: number; medianA: number }[] = [];
      currents.forEach((c, i) => {
        const m = median(currents.filter((_, j) => j !== i));
        if (m > 0 && c < (t.stringLowPercent / 100) * m) low.push({ index: i, id: d.stringIds[i] ?? null, currentA: c, medianA: m });
      });
      if (low.length > 0) {
        const names = low.map((s) => s.id ?? `#${s.index + 1}`).join(', ');
        holding.push({ rule: 'stringLow', deviceSerial: d.serial, level: t.stringLowLevel, message: `${label}: string ${names} below ${t.stringLowPercent} % of its peers' median current`, details: { strings: low, irradianceWm2: x.irradianceWm2 } });
      }
    }
  }
  if (x.day && x.day.expectedKwh !== null && x.day.capacityKwp > 0 && x.day.expectedKwh >= x.day.capacityKwp * 1) {
    evaluated.add(conditionKey('prLow', null));
    const ratio = x.day.actualKwh / x.day.expectedKwh;
    if (ratio < t.prLowPercent / 100) {
      holding.push({ rule: 'prLow', deviceSerial: null, level: t.prLowLevel, message: `Today's energy is ${(ratio * 100).toFixed(0)} % of the expected (below ${t.prLowPercent} %)`, details: { actualKwh: x.day.actualKwh, expectedKwh: x.day.expectedKwh, ratio } });
    }
  }
  return { holding, evaluated };
}
