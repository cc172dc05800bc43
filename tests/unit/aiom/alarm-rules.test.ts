// The alarm rules firing and staying quiet (src/server/aiom/alarm-rules.ts), on hand-made states.
import { describe, expect, it } from 'vitest';
import { alarmThresholdsSchema } from '../../../src/model/api/aiom-operations.ts';
import { conditionKey, evaluateRules, median, type RuleDevice } from '../../../src/server/aiom/alarm-rules.ts';

const now = new Date('2025-06-01T04:00:00Z');
const thresholds = alarmThresholdsSchema.parse({}); // offline 30 min, string 70 %, irradiance 200 W/m², PR 80 %
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

type Latest = NonNullable<RuleDevice['latest']>;

function inverter(over: Partial<Omit<RuleDevice, 'latest'>> & { latest?: Partial<Latest> | null } = {}): RuleDevice {
  const { latest, ...rest } = over;
  return {
    serial: 'INV1',
    kind: 'inverter',
    name: 'Inverter 1',
    stringIds: ['S1', 'S2', 'S3', 'S4'],
    lastSeen: minutesAgo(1),
    ...rest,
    latest: latest === null ? null : { ts: minutesAgo(1), status: 4, faultCode: 0, stringCurrentsA: null, ...latest },
  };
}

const rules = (devices: RuleDevice[], irradianceWm2: number | null = 800, day: Parameters<typeof evaluateRules>[0]['day'] = null) => evaluateRules({ now, thresholds, devices, irradianceWm2, day });

describe('offline', () => {
  it('fires after more than N minutes of silence, and is judged (clear) before', () => {
    const silent = rules([inverter({ lastSeen: minutesAgo(31) })]);
    expect(silent.holding.map((c) => c.rule)).toEqual(['offline']);
    expect(silent.holding[0].level).toBe(thresholds.offlineLevel);
    const fresh = rules([inverter({ lastSeen: minutesAgo(29) })]);
    expect(fresh.holding).toEqual([]);
    expect(fresh.evaluated.has(conditionKey('offline', 'INV1'))).toBe(true);
  });

  it('does not judge a device that never reported', () => {
    const r = rules([inverter({ lastSeen: null, latest: null })]);
    expect(r.holding).toEqual([]);
    expect(r.evaluated.size).toBe(0);
  });
});

describe('fault', () => {
  it('fires on SunSpec state 7 or a non-zero event field', () => {
    expect(rules([inverter({ latest: { status: 7 } })]).holding.map((c) => c.rule)).toEqual(['fault']);
    expect(rules([inverter({ latest: { faultCode: 4 } })]).holding.map((c) => c.rule)).toEqual(['fault']);
    const ok = rules([inverter()]);
    expect(ok.holding).toEqual([]);
    expect(ok.evaluated.has(conditionKey('fault', 'INV1'))).toBe(true);
  });
});

describe('string under-performance', () => {
  it('fires for a string below 70 % of its peers\' median while the irradiance is above the threshold', () => {
    // String 4: peers 8.0, 8.2, 7.9 → median 8.0; 4.0 < 0.7 × 8.0 = 5.6. String 1: peers 8.2, 7.9, 4.0 → 7.9; 8.0 ≥ 5.53.
    const r = rules([inverter({ latest: { stringCurrentsA: [8, 8.2, 7.9, 4] } })]);
    expect(r.holding).toHaveLength(1);
    expect(r.holding[0].rule).toBe('stringLow');
    expect(r.holding[0].details.strings).toEqual([{ index: 3, id: 'S4', currentA: 4, medianA: 8 }]);
  });

  it('is not judged at low irradiance, and clear when the strings agree', () => {
    const dim = rules([inverter({ latest: { stringCurrentsA: [8, 8.2, 7.9, 4] } })], 150);
    expect(dim.holding).toEqual([]);
    expect(dim.evaluated.has(conditionKey('stringLow', 'INV1'))).toBe(false);
    const even = rules([inverter({ latest: { stringCurrentsA: [8, 8.2, 7.9, 7.5] } })]);
    expect(even.holding).toEqual([]);
    expect(even.evaluated.has(conditionKey('stringLow', 'INV1'))).toBe(true);
  });

  it('median of an even and an odd count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('PR below expected', () => {
  it('fires when the day\'s energy is below 80 % of the expected, once the expected reaches P0 · 1 h', () => {
    // 30 / 40 = 75 % < 80 %.
    const low = rules([], null, { actualKwh: 30, expectedKwh: 40, capacityKwp: 10 });
    expect(low.holding.map((c) => c.rule)).toEqual(['prLow']);
    expect(low.holding[0].deviceSerial).toBeNull();
    // 34 / 40 = 85 %: judged and clear.
    const fine = rules([], null, { actualKwh: 34, expectedKwh: 40, capacityKwp: 10 });
    expect(fine.holding).toEqual([]);
    expect(fine.evaluated.has(conditionKey('prLow', null))).toBe(true);
    // Expected 5 kWh < 10 kWp × 1 h: too early to judge.
    expect(rules([], null, { actualKwh: 0, expectedKwh: 5, capacityKwp: 10 }).evaluated.size).toBe(0);
  });
});
