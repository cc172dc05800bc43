// The custom module and inverter forms' validation (spec 001 §5: numbers 0–999999, exit year after
// entry year, rated power required; §8 messages): the forms' resolvers on values as the inputs hold
// them, the messages in both languages, and the import's refusal text ('select a standard PAN or OND
// file').
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_MESSAGES } from '../../../src/model/equipment.ts';
import type { InverterIn } from '../../../src/model/equipment-inverter.ts';
import type { PvModuleIn } from '../../../src/model/equipment-module.ts';
import { en } from '../../../src/web/i18n/en/index.ts';
import { i18n } from '../../../src/web/i18n/index.ts';
import { zh } from '../../../src/web/i18n/zh/index.ts';
import { cleanFormValues, inverterResolver, moduleResolver } from '../../../src/web/library/form-values.ts';
import { importRefusal, libraryMessageKey, pvsystExtensionOk } from '../../../src/web/library/messages.ts';

/** A complete custom inverter as the form holds it (empty optional inputs are null). */
const INVERTER = {
  manufacturer: 'My Inverters',
  model: 'MI-5K',
  inverterType: 'string',
  ratedAcPower: 5000,
  maxAcPower: null,
  ratedAcVoltage: 230,
  mpptMinVoltage: 90,
  mpptMaxVoltage: 550,
  maxDcVoltage: 600,
  mpptCount: 2,
  stringsPerMppt: 1,
  maxInputCurrentPerMppt: 16,
  maxEfficiency: 97.6,
  euroEfficiency: null,
  hasEfficiencyCurve: false,
  marketEntryYear: null,
  marketExitYear: null,
} as unknown as InverterIn;

/** A custom module (LONGi LR5-72HPH-550M datasheet values) as the form holds it. */
const MODULE = {
  manufacturer: 'LONGi',
  model: 'LR5-72HPH-550M',
  moduleType: 'mono',
  bifacial: false,
  bipv: false,
  pmax: 550,
  vmp: 41.95,
  imp: 13.12,
  voc: 49.8,
  isc: 13.98,
  length: 2256,
  width: 1133,
  cellsInSeries: 72,
  maxSystemVoltage: 1500,
  tempCoeffIsc: 0.048,
  tempCoeffVoc: -0.27,
  tempCoeffPmax: -0.35,
  thickness: '',
  singleDiode: { gammaRef: null, rS: null, rShRef: null, iORef: null },
} as unknown as PvModuleIn;

const INVERTER_OPTIONS: ResolverOptions<InverterIn> = { fields: {}, shouldUseNativeValidation: false };
const MODULE_OPTIONS: ResolverOptions<PvModuleIn> = { fields: {}, shouldUseNativeValidation: false };

async function inverterErrors(values: Partial<Record<keyof InverterIn, unknown>>) {
  const r = await inverterResolver({ ...INVERTER, ...values } as InverterIn, undefined, INVERTER_OPTIONS);
  return r.errors as Record<string, { message?: string }>;
}

async function moduleErrors(values: Partial<Record<keyof PvModuleIn, unknown>>) {
  const r = await moduleResolver({ ...MODULE, ...values } as PvModuleIn, undefined, MODULE_OPTIONS);
  return r.errors as Record<string, { message?: string }>;
}

/** A message as the form shows it in a language. */
async function shown(message: string | undefined, lang: 'zh' | 'en'): Promise<string> {
  const key = libraryMessageKey(message);
  expect(key, message).not.toBeNull();
  await i18n.changeLanguage(lang);
  return i18n.t(key!);
}

describe('the inverter form', () => {
  it('accepts a complete inverter, leaving the empty inputs out', async () => {
    const r = await inverterResolver(INVERTER, undefined, INVERTER_OPTIONS);
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ ratedAcPower: 5000, mpptCount: 2 });
    expect(r.values).not.toHaveProperty('maxAcPower');
    expect(r.values).not.toHaveProperty('marketEntryYear');
  });

  it('refuses 1,000,000 with the spec’s range message, in English and Chinese', async () => {
    const errors = await inverterErrors({ ratedAcPower: 1_000_000 });
    expect(errors.ratedAcPower.message).toBe('needs to be between 0 and 999999');
    expect(await shown(errors.ratedAcPower.message, 'en')).toBe('needs to be between 0 and 999999');
    expect(await shown(errors.ratedAcPower.message, 'zh')).toBe('需在 0 到 999999 之间');
    // 999,999 itself is in range
    expect(await inverterErrors({ maxAcPower: 999_999, ratedAcPower: 999_999 })).toEqual({});
  });

  it('refuses a market exit year before the entry year under the exit year', async () => {
    const errors = await inverterErrors({ marketEntryYear: 2024, marketExitYear: 2020 });
    expect(Object.keys(errors)).toEqual(['marketExitYear']);
    expect(errors.marketExitYear.message).toBe('Market exit year must be later than entry year');
    expect(await shown(errors.marketExitYear.message, 'zh')).toBe('退市年份必须晚于上市年份');
    // the same year is not later either; a later one is fine
    expect((await inverterErrors({ marketEntryYear: 2024, marketExitYear: 2024 })).marketExitYear.message).toBe(EQUIPMENT_MESSAGES.exitYear);
    expect(await inverterErrors({ marketEntryYear: 2024, marketExitYear: 2030 })).toEqual({});
  });

  it('asks for an emptied required field, and checks the curves only while they are included', async () => {
    expect((await inverterErrors({ ratedAcVoltage: null })).ratedAcVoltage.message).toBe('This field is required');
    const badCurve = [{ dcVoltage: 600, points: [{ dcPower: 1000, efficiency: 96 }, { dcPower: 500, efficiency: 97 }] }];
    const included = await inverterErrors({ hasEfficiencyCurve: true, efficiencyCurves: badCurve });
    expect(await shown(findMessage(included.efficiencyCurves), 'en')).toBe('Curve points must be in increasing power');
    const hidden = await inverterResolver({ ...INVERTER, hasEfficiencyCurve: false, efficiencyCurves: badCurve } as InverterIn, undefined, INVERTER_OPTIONS);
    expect(hidden.errors).toEqual({});
    expect(hidden.values).not.toHaveProperty('efficiencyCurves');
  });
});

/** The first message anywhere in a nested error object. */
function findMessage(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const m = (e as { message?: unknown }).message;
  if (typeof m === 'string') return m;
  for (const v of Object.values(e)) {
    const found = findMessage(v);
    if (found) return found;
  }
  return undefined;
}

describe('the module form', () => {
  it('accepts the datasheet values; an untouched one-diode group and empty texts are no values', async () => {
    const r = await moduleResolver(MODULE, undefined, MODULE_OPTIONS);
    expect(r.errors).toEqual({});
    expect(r.values).not.toHaveProperty('singleDiode');
    expect(r.values).not.toHaveProperty('thickness');
  });

  it('requires the rated power with the spec’s message', async () => {
    const errors = await moduleErrors({ pmax: null });
    expect(errors.pmax.message).toBe('Module rated power is required');
    expect(await shown(errors.pmax.message, 'zh')).toBe('组件额定功率为必填项');
  });

  it('refuses 1,000,000 and an exit year before the entry year', async () => {
    expect((await moduleErrors({ maxSystemVoltage: 1_000_000 })).maxSystemVoltage.message).toBe('needs to be between 0 and 999999');
    expect((await moduleErrors({ marketEntryYear: 2023, marketExitYear: 2019 })).marketExitYear.message).toBe('Market exit year must be later than entry year');
  });

  it('requires the ideality factor, Rs and Rsh once one model parameter is given', async () => {
    const errors = await moduleErrors({ singleDiode: { gammaRef: 1.05, rS: null, rShRef: null } });
    expect(findMessage(errors.singleDiode)).toBe('This field is required');
  });
});

describe('messages', () => {
  it('have the spec’s English text and a Chinese text for every message of the shared rules', () => {
    for (const [key, text] of Object.entries(EQUIPMENT_MESSAGES)) {
      expect(en.library.messages[key as keyof typeof en.library.messages], key).toBe(text);
      expect(zh.library.messages[key as keyof typeof zh.library.messages], key).toMatch(/\S/);
    }
    expect(zh.library.messages.selectPanOnd).toBe('请选择标准的 PAN 或 OND 文件');
    expect(en.library.statusUpdated).toBe('Status Updated Successfully');
  });

  it('read the server’s import refusal as the spec’s message and its detail', () => {
    expect(importRefusal('Please select a standard PAN or OND file: the file is binary, not a PVsyst text file')).toEqual({
      standard: true,
      detail: 'the file is binary, not a PVsyst text file',
    });
    expect(importRefusal('Please select a standard OND file: this file holds a "pvModule", not a grid inverter (pvGInverter)').standard).toBe(true);
    expect(importRefusal('The .OND file has invalid values: maxEfficiency: needs to be between 0 and 100')).toEqual({
      standard: false,
      detail: 'The .OND file has invalid values: maxEfficiency: needs to be between 0 and 100',
    });
    expect(pvsystExtensionOk('module', 'ES-78TB-620.PAN')).toBe(true);
    expect(pvsystExtensionOk('inverter', 'example-module.PAN')).toBe(false);
    expect(pvsystExtensionOk('inverter', 'ep-110k.ond')).toBe(true);
  });

  it('clean the inputs’ empty values but keep a curve’s rows', () => {
    expect(cleanFormValues({ a: null, b: '', c: '  ', d: 0, e: { f: null }, g: [{ h: null }, { h: 1 }] })).toEqual({ d: 0, g: [{}, { h: 1 }] });
  });
});
