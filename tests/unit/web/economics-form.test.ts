// The Economy step's form (src/web/components/economics/economy-form.ts) and its three documents
// ('economic', 'advanced-economic', 'energy-storage'; src/model/economics.ts): the defaults are the
// conventions of docs/ECONOMICS.md in the percent the form shows (discount rate 6 %, VAT 13 %, income
// tax 25 %, surcharges 12 %, stamp duty 0.03 %, 20 years to a 5 % residual, 25 years, 0.5703 t/MWh,
// the 3+3 holiday, no refund), bad input is named at the form's field with the product's message, and
// the documents turn into the cash flow's fractions (src/economics/documents.ts).
import { describe, expect, it } from 'vitest';
import { batteryOfDocument, cashFlowParamsOfDocuments, storageCostsOfDocument } from '../../../src/economics/documents.ts';
import { TARIFF_TEMPLATES } from '../../../src/economics/tariff-templates.ts';
import { ECONOMICS_MESSAGES } from '../../../src/model/economics.ts';
import { defaultEconomyForm, economyDocumentsOf, economyFormOf, economyFormSchema, percentOf, withBattery, type EconomyFormValues } from '../../../src/web/components/economics/economy-form.ts';
import { tariffFormOf } from '../../../src/web/components/economics/tariff-grid.ts';
import { formFieldOf, tabOfField } from '../../../src/web/hooks/useEconomicsStep.ts';

/** A complete form: the defaults with an installed price of 3.2 yuan/W, 0.65 yuan/kWh and 0.39 for the surplus. */
function filled(): EconomyFormValues {
  const f = defaultEconomyForm();
  f.economic.pricePerW = 3.2;
  f.economic.tariff = { ...f.economic.tariff, price: 0.65 };
  f.economic.exportPrice = 0.39;
  return f;
}

function issues(v: EconomyFormValues): { path: string; message: string }[] {
  const r = economyFormSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('defaults', () => {
  it('are the conventions of ECONOMICS.md in percent', () => {
    const e = defaultEconomyForm().economic;
    expect(e).toMatchObject({ lifeYears: 25, discountRatePct: 6, depreciationYears: 20, residualPct: 5, vatPct: 13, incomeTaxPct: 25, surchargePct: 12, stampDutyPct: 0.03, degradationPct: 0.4, subsidyPerKwh: 0, subsidyYears: 0 });
    expect(defaultEconomyForm().advanced).toMatchObject({ vatRefund: false, taxHoliday: '3+3', loanEnabled: false, emissionFactor: 0.5703 });
    expect(defaultEconomyForm().storage).toMatchObject({ enabled: false, socMinPct: 10, socMaxPct: 95, socInitialPct: 10, etaChargePct: 95, etaDischargePct: 95, fadePctPerYear: 2, replace: false });
    expect(percentOf(0.0003)).toBe(0.03);
    expect(percentOf(0.06)).toBe(6);
  });

  it('leave the prices to the user: the installed price, the tariff and the surplus-sale price are required', () => {
    const found = issues(defaultEconomyForm());
    expect(found).toContainEqual({ path: 'economic.pricePerW', message: ECONOMICS_MESSAGES.required });
    expect(found).toContainEqual({ path: 'economic.exportPrice', message: ECONOMICS_MESSAGES.required });
    expect(found.some((i) => i.path === 'economic.tariff.price')).toBe(true);
  });
});

describe('form → documents', () => {
  it('a filled form makes the three documents; a switched-off storage needs nothing', () => {
    const docs = economyDocumentsOf(filled())!;
    expect(docs.economic).toMatchObject({ kind: 'economic', version: 1, pricePerW: 3.2, tariff: { kind: 'uniform', price: 0.65 }, exportPrice: 0.39, tariffId: null });
    expect(docs.advanced).toEqual({ kind: 'advanced-economic', version: 1, vatRefund: false, taxHoliday: '3+3', loan: null, emissionFactor: 0.5703 });
    expect(docs.storage).toMatchObject({ kind: 'energy-storage', enabled: false, capacityKwh: 0, powerKw: 0, costPerKwh: 0, replacementYears: null });
  });

  it('turns into the cash flow’s fractions and the battery of docs/ECONOMICS.md', () => {
    const f = filled();
    f.advanced.loanEnabled = true;
    f.advanced.loan = { ratioPct: 70, ratePct: 4.2, years: 10 };
    f.storage = { ...withBattery(f.storage, 200, 100), costPerKwh: 1000, costPerKw: 200, replace: true, replacementYears: 10 };
    const docs = economyDocumentsOf(f)!;
    const p = cashFlowParamsOfDocuments(docs.economic, docs.advanced, 100);
    expect(p).toMatchObject({ years: 25, capacityKw: 100, pricePerW: 3.2, vat: 0.13, incomeTax: 0.25, surcharge: 0.12, depreciationYears: 20, taxHoliday: '3+3', vatRefund: false, emissionFactor: 0.5703 });
    expect(p.discountRate).toBeCloseTo(0.06, 15);
    expect(p.stampDuty).toBeCloseTo(0.0003, 15);
    expect(p.residual).toBeCloseTo(0.05, 15);
    expect(p.degradation).toBeCloseTo(0.004, 15);
    expect(p.loan?.ratio).toBeCloseTo(0.7, 15);
    expect(p.loan?.rate).toBeCloseTo(0.042, 15);
    expect(p.loan?.years).toBe(10);
    const b = batteryOfDocument(docs.storage)!;
    expect(b).toMatchObject({ capacity: 200, power: 100, replacementYears: 10 });
    expect(b.socMin).toBeCloseTo(0.1, 15);
    expect(b.etaCharge).toBeCloseTo(0.95, 15);
    expect(b.fade).toBeCloseTo(0.02, 15);
    // 200 kWh × 1000 + 100 kW × 200 = 220,000 yuan; a new battery 200 × 1000 = 200,000 yuan
    expect(storageCostsOfDocument(docs.storage)).toEqual({ storageCapex: 220_000, replacementCost: 200_000 });
  });

  it('names bad input at the form field with the product message', () => {
    const f = filled();
    f.economic.discountRatePct = 150;
    f.economic.lifeYears = 0;
    expect(issues(f)).toEqual(
      expect.arrayContaining([
        { path: 'economic.discountRatePct', message: 'needs to be between 0 and 100' },
        { path: 'economic.lifeYears', message: 'needs to be between 1 and 50' },
      ]),
    );
    const g = filled();
    g.advanced.taxHoliday = '3-3';
    expect(issues(g)[0].path).toBe('advanced.taxHoliday');
  });

  it('a switched-on storage needs its size; its cut-off SOCs must be in order', () => {
    const f = filled();
    f.storage.enabled = true;
    expect(issues(f)).toContainEqual({ path: 'storage.capacityKwh', message: ECONOMICS_MESSAGES.required });
    f.storage = { ...withBattery(f.storage, 100, 50), costPerKwh: 900, socMinPct: 96 };
    expect(issues(f)).toContainEqual({ path: 'storage.socMinPct', message: 'The discharge cut-off SOC must be lower than the charge cut-off SOC' });
  });

  it('a time-of-use tariff without the price of a period it uses is named at that price', () => {
    const f = filled();
    f.economic.tariff = tariffFormOf(TARIFF_TEMPLATES[1].tariff);
    f.economic.tariff.prices.peak = null;
    expect(issues(f).map((i) => i.path)).toContain('economic.tariff.prices.peak');
  });

  it('stored documents read back into the same form', () => {
    const f = filled();
    f.economic.tariff = tariffFormOf(TARIFF_TEMPLATES[2].tariff);
    f.advanced = { ...f.advanced, vatRefund: true, taxHoliday: 'none', loanEnabled: true, loan: { ratioPct: 60, ratePct: 3.5, years: 8 } };
    f.storage = { ...withBattery(f.storage, 120, 60), costPerKwh: 800, strategy: 'tou', replace: true, replacementYears: 12 };
    const docs = economyDocumentsOf(f)!;
    const back = economyFormOf(docs.economic, docs.advanced, docs.storage);
    expect(economyDocumentsOf(back)).toEqual(docs);
  });
});

describe('server fields and tabs', () => {
  it('maps the server’s fields to the form’s and each field to its tab', () => {
    expect(formFieldOf('economic.pricePerW')).toBe('economic.pricePerW');
    expect(formFieldOf('advanced-economic.loan')).toBe('advanced.loan');
    expect(formFieldOf('costs.perKwh')).toBe('storage.costPerKwh');
    expect(formFieldOf('projectId')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
    expect(tabOfField('economic.tariff.prices.peak')).toBe('tariff');
    expect(tabOfField('economic.exportPrice')).toBe('tariff');
    expect(tabOfField('economic.pricePerW')).toBe('params');
    expect(tabOfField('storage.capacityKwh')).toBe('storage');
    expect(tabOfField('advanced.loan.ratePct')).toBe('finance');
  });
});
