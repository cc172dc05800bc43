// Documents of the Load, storage and Economy steps in their schemas' shapes (src/model/economics.ts),
// for the tests that save them through the API; `extra` fields are kept as sent.

/** A 'power-load' document: a consumption model and the annual consumption [kWh]. */
export function powerLoadDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { kind: 'power-load', version: 1, source: 'model', model: 'constant', annualKwh: 87_600, ...extra };
}

/** An 'energy-storage' document: 200 kWh / 100 kW, 10–95 % SOC, 95 % each way, 2 %/year fade. */
export function energyStorageDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'energy-storage',
    version: 1,
    enabled: true,
    capacityKwh: 200,
    powerKw: 100,
    socInitialPct: 50,
    socMinPct: 10,
    socMaxPct: 95,
    etaChargePct: 95,
    etaDischargePct: 95,
    fadePctPerYear: 2,
    costPerKwh: 900,
    costPerKw: 300,
    ...extra,
  };
}

/** An 'economic' document: 25 years, 6 %, 3.2 yuan/W, VAT 13 %, a uniform 0.75 yuan/kWh. */
export function economicDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'economic',
    version: 1,
    lifeYears: 25,
    discountRatePct: 6,
    depreciationYears: 20,
    residualPct: 5,
    pricePerW: 3.2,
    vatPct: 13,
    incomeTaxPct: 25,
    tariff: { kind: 'uniform', price: 0.75 },
    exportPrice: 0.3914,
    omPerKw: 40,
    surchargePct: 12,
    stampDutyPct: 0.03,
    ...extra,
  };
}

/** An 'advanced-economic' document: the ECONOMICS.md defaults (no refund, 3+3 holiday, no loan). */
export function advancedEconomicDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { kind: 'advanced-economic', version: 1, vatRefund: false, taxHoliday: '3+3', loan: null, ...extra };
}
