// The O&M pages' figures: SI-prefixed power and energy (BIPM SI Brochure §3: k = 10³, M = 10⁶,
// G = 10⁹), percentages, and the statistics period controls → query dates.
import { describe, expect, it } from 'vitest';
import { formatEnergy, formatNumber, formatPercent, formatPower, joinScaled } from '../../../src/web/components/aiom/format.ts';
import { currentValue, exportFileName, periodDate } from '../../../src/web/components/aiom/statistics-period.ts';
import { dayBound, readFlag } from '../../../src/web/components/aiom/alarm-filter.ts';
import { plantIdOf } from '../../../src/web/hooks/useAiomPlant.ts';

describe('power and energy', () => {
  it('scales watts to the largest prefix that keeps the number ≥ 1', () => {
    expect(formatPower(850)).toEqual({ value: '850', unit: 'W' });
    expect(formatPower(12_345)).toEqual({ value: '12.35', unit: 'kW' }); // 12 345 W = 12.345 kW
    expect(formatPower(2_500_000)).toEqual({ value: '2.50', unit: 'MW' });
    expect(joinScaled(formatPower(1_000))).toBe('1.00 kW');
  });

  it('scales kilowatt-hours to MWh and GWh', () => {
    expect(formatEnergy(56.78)).toEqual({ value: '56.78', unit: 'kWh' });
    expect(formatEnergy(123_456)).toEqual({ value: '123.46', unit: 'MWh' }); // 123 456 kWh = 123.456 MWh
    expect(formatEnergy(7_200_000)).toEqual({ value: '7.20', unit: 'GWh' });
  });

  it('writes a missing figure as a dash', () => {
    expect(joinScaled(formatPower(null))).toBe('—');
    expect(joinScaled(formatEnergy(Number.NaN))).toBe('—');
    expect(formatPercent(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
  });

  it('writes ratios as percentages', () => {
    expect(formatPercent(0.8123)).toBe('81.2 %');
    expect(formatPercent(-0.0052, 2)).toBe('-0.52 %');
  });
});

describe('statistics period', () => {
  it('turns the control value into a day inside the period', () => {
    expect(periodDate('day', '2026-05-14')).toBe('2026-05-14');
    expect(periodDate('month', '2026-05')).toBe('2026-05-01');
    expect(periodDate('year', '2026')).toBe('2026-01-01');
    expect(periodDate('month', '2026-05-14')).toBeNull();
    expect(periodDate('year', '')).toBeNull();
  });

  it('starts on the period containing today', () => {
    const now = new Date(2026, 10, 26, 9, 30); // 26 Nov 2026, local
    expect(currentValue('day', now)).toBe('2026-11-26');
    expect(currentValue('month', now)).toBe('2026-11');
    expect(currentValue('year', now)).toBe('2026');
    expect(exportFileName(7, 'month', '2026-11-01')).toBe('plant-7-month-2026-11-01.xlsx');
  });
});

describe('alarm filter', () => {
  it('bounds a local day from its first to its last millisecond', () => {
    const from = new Date(dayBound('2026-03-01')!);
    const to = new Date(dayBound('2026-03-01', true)!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([2026, 2, 1, 0, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([1, 23, 59, 59, 999]);
    expect(dayBound('')).toBeUndefined();
  });

  it('maps the read choice to the query flag', () => {
    expect(readFlag('')).toBeUndefined();
    expect(readFlag('read')).toBe(true);
    expect(readFlag('unread')).toBe(false);
  });
});

describe('plant id of the address', () => {
  it('accepts a positive whole number only', () => {
    expect(plantIdOf('42')).toBe(42);
    expect(plantIdOf(null)).toBeNull();
    expect(plantIdOf('0')).toBeNull();
    expect(plantIdOf('4.2')).toBeNull();
    expect(plantIdOf('99999999999')).toBeNull();
  });
});
