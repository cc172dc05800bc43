// The stored documents of the Load, storage and Economy steps (src/model/economics.ts) — the spec's
// ranges and messages on bad input — and their conversion to the rules' parameters
// (src/economics/documents.ts).
import { describe, expect, it } from 'vitest';
import { batteryOfDocument, cashFlowParamsOfDocuments, loadOfDocument, storageCostsOfDocument } from '../../../src/economics/documents.ts';
import { advancedEconomicDocumentSchema, economicDocumentSchema, energyStorageDocumentSchema, powerLoadDocumentSchema } from '../../../src/model/economics.ts';
import { economicDoc } from '../../integration/economics-fixture.ts';

const storage = {
  kind: 'energy-storage',
  version: 1,
  enabled: true,
  capacityKwh: 200,
  powerKw: 100,
  socInitialPct: 50,
  socMinPct: 10,
  socMaxPct: 95,
  etaChargePct: 95,
  etaDischargePct: 94,
  fadePctPerYear: 2,
  costPerKwh: 900,
  costPerKw: 300,
  replacementYears: 10,
};
const economic = economicDoc();
const issue = (schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) => schema.safeParse(v).error?.issues[0];

describe('power-load', () => {
  it('an annual consumption and a model give the year’s hours', () => {
    const doc = powerLoadDocumentSchema.parse({ kind: 'power-load', version: 1, source: 'model', model: 'mall', annualKwh: 1_200_000, year: 2025 });
    const p = loadOfDocument(doc);
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1_200_000, 4);
  });

  it('messages: required model, range, custom without its day, upload without its table', () => {
    const base = { kind: 'power-load', version: 1, source: 'model', model: 'constant', annualKwh: 1000 };
    expect(issue(powerLoadDocumentSchema, { ...base, model: undefined })).toMatchObject({ path: ['model'], message: 'This field is required' });
    expect(issue(powerLoadDocumentSchema, { ...base, annualKwh: -1 })).toMatchObject({ path: ['annualKwh'], message: 'needs to be between 0 and 999999999' });
    expect(issue(powerLoadDocumentSchema, { ...base, annualKwh: 'banana' })).toMatchObject({ path: ['annualKwh'], message: 'Format incorrect' });
    expect(issue(powerLoadDocumentSchema, { ...base, model: 'custom' })).toMatchObject({ path: ['dayKw'], message: 'This field is required' });
    expect(issue(powerLoadDocumentSchema, { ...base, source: 'upload' })).toMatchObject({ path: ['upload'], message: 'This field is required' });
  });
});

describe('energy-storage', () => {
  it('converts percentages to the battery and its costs', () => {
    const doc = energyStorageDocumentSchema.parse(storage);
    expect(batteryOfDocument(doc)).toEqual({ capacity: 200, power: 100, socMin: 0.1, socMax: 0.95, socInitial: 0.5, etaCharge: 0.95, etaDischarge: 0.94, fade: 0.02, replacementYears: 10 });
    // 200 kWh · 900 + 100 kW · 300 = 210 000 yuan; a new one 200 · 900 = 180 000 yuan
    expect(storageCostsOfDocument(doc)).toEqual({ storageCapex: 210_000, replacementCost: 180_000 });
    expect(batteryOfDocument(energyStorageDocumentSchema.parse({ ...storage, enabled: false }))).toBeNull();
  });

  it('messages: the product range, the SOC window, percentages', () => {
    expect(issue(energyStorageDocumentSchema, { ...storage, capacityKwh: 1_000_000 })).toMatchObject({ path: ['capacityKwh'], message: 'needs to be between 0 and 999999' });
    expect(issue(energyStorageDocumentSchema, { ...storage, socMinPct: 96 })).toMatchObject({ path: ['socMinPct'], message: 'The discharge cut-off SOC must be lower than the charge cut-off SOC' });
    expect(issue(energyStorageDocumentSchema, { ...storage, socInitialPct: 5 })).toMatchObject({ path: ['socInitialPct'] });
    expect(issue(energyStorageDocumentSchema, { ...storage, etaChargePct: 120 })).toMatchObject({ path: ['etaChargePct'], message: 'needs to be between 0 and 100' });
    expect(issue(energyStorageDocumentSchema, { ...storage, replacementYears: 0 })).toMatchObject({ path: ['replacementYears'], message: 'needs to be between 1 and 50' });
  });
});

describe('economic and advanced-economic', () => {
  it('become the cash flow parameters (fractions), the advanced document adding the loan and the holiday', () => {
    const e = economicDocumentSchema.parse(economic);
    const a = advancedEconomicDocumentSchema.parse({ kind: 'advanced-economic', version: 1, vatRefund: true, taxHoliday: 'none', loan: { ratioPct: 70, ratePct: 4.9, years: 15 } });
    const p = cashFlowParamsOfDocuments(e, a, 500);
    expect(p).toMatchObject({ years: 25, capacityKw: 500, pricePerW: 3.2, vat: 0.13, incomeTax: 0.25, surcharge: 0.12, residual: 0.05, omPerKw: 40, vatRefund: true, taxHoliday: 'none', degradation: 0.004 });
    expect(p.stampDuty).toBeCloseTo(0.0003, 15);
    expect(p.discountRate).toBeCloseTo(0.06, 15);
    expect(p.loan).toEqual({ ratio: 0.7, rate: 0.049, years: 15 });
    // Without the advanced document: the ECONOMICS.md defaults (3+3 holiday, no refund, no loan).
    expect(cashFlowParamsOfDocuments(e, null, 500)).toMatchObject({ taxHoliday: '3+3', vatRefund: false, loan: undefined, emissionFactor: 0.5703 });
  });

  it("refuses what used to be stored: 'discountRate': 'banana' (issue 16)", () => {
    expect(issue(economicDocumentSchema, { ...economic, discountRatePct: 'banana' })).toMatchObject({ path: ['discountRatePct'], message: 'Format incorrect' });
    expect(issue(economicDocumentSchema, { ...economic, pricePerW: undefined })).toMatchObject({ path: ['pricePerW'], message: 'This field is required' });
    expect(issue(economicDocumentSchema, { ...economic, vatPct: 130 })).toMatchObject({ path: ['vatPct'], message: 'needs to be between 0 and 100' });
    expect(issue(advancedEconomicDocumentSchema, { kind: 'advanced-economic', version: 1, taxHoliday: '3 and 3' })?.path).toEqual(['taxHoliday']);
  });
});
