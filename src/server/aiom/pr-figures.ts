// Performance figures of an O&M plant over any set of hours (IEC 61724-1:2017 "Photovoltaic system
// performance — Part 1: Monitoring", §10 "Derived parameters"):
//   final yield           Yf = E_out / P0                         [kWh/kWp]   (§10.3, specific yield)
//   reference yield       Yr = H_poa / G_ref, G_ref = 1 kW m⁻²    [h]          (§10.3)
//   performance ratio     PR = Yf / Yr                             [−]          (§10.4.1)
//   STC-temperature-corrected PR (§10.4.2):
//                         PR'_STC = Σ E_k / Σ (P0 · G_k/G_ref · C_k),  C_k = 1 + γ (T_mod,k − 25 °C)
//     the same form as NREL's weather-corrected PR (Dierauf et al., NREL/TP-5200-57991, 2013) with
//     the reference cell temperature set to 25 °C; γ is the module's Pmax coefficient [1/°C].
//   availability (time-based, IEC TS 63019 style): hours with G > threshold in which the plant
//     produced / all hours with G > threshold.
// PR and the corrected PR count only hours with a measured irradiance (the same hours on both sides).
// Degradation: the year-on-year change of a month's PR between consecutive years (a simple form of
// the "year-on-year" method of Jordan & Kurtz, NREL/JA-5200-56590, applied to monthly PR).

/** One hour of a plant, as the statistics aggregate it. */
export interface PlantHour {
  /** UTC start of the hour. */
  start: Date;
  /** AC energy of the plant's inverters in the hour [kWh]. */
  actualKwh: number;
  /** Whether any inverter delivered power in the hour. */
  produced: boolean;
  /** Mean plane-of-array irradiance of the plant's sensor [W m⁻²]; null: no reading. */
  poaWm2: number | null;
  /** Mean module (back-of-module) temperature [°C]; null: not measured. */
  moduleTempC: number | null;
  /** Mean ambient temperature [°C]; null: not measured. */
  ambientTempC: number | null;
  /** The expected energy of the hour [kWh]; null: none (no design). */
  expectedKwh: number | null;
}

export interface Figures {
  actualKwh: number;
  expectedKwh: number | null;
  irradiationKwhM2: number | null;
  pr: number | null;
  prTempCorrected: number | null;
  specificYield: number | null;
  availability: number | null;
}

export interface FigureSettings {
  /** P0 [kWp]. */ capacityKwp: number;
  /** γ of Pmax [1/°C] (e.g. −0.0035); null: no temperature correction possible. */ gammaPerC: number | null;
  /** Irradiance above which an hour is a sun hour (availability) [W m⁻²]. */ irradianceThresholdWm2: number;
}

/** Module temperature of an hour: measured; else Faiman from the ambient; else null. */
export function hourModuleTemp(h: Pick<PlantHour, 'poaWm2' | 'moduleTempC' | 'ambientTempC'>, faimanTemp: (poa: number, ta: number) => number): number | null {
  if (h.moduleTempC !== null) return h.moduleTempC;
  if (h.ambientTempC !== null && h.poaWm2 !== null) return faimanTemp(h.poaWm2, h.ambientTempC);
  return null;
}

/** The figures of a set of hours (see the file's header). `tempOf` gives an hour's module temperature. */
export function figures(hours: readonly PlantHour[], s: FigureSettings, tempOf: (h: PlantHour) => number | null): Figures {
  let actual = 0;
  let expected = 0;
  let anyExpected = false;
  let h = 0;
  let eMeasured = 0;
  let anyPoa = false;
  let stcDen = 0;
  let stcNum = 0;
  let stcOk = s.gammaPerC !== null;
  let sun = 0;
  let sunProduced = 0;
  for (const hr of hours) {
    actual += hr.actualKwh;
    if (hr.expectedKwh !== null) {
      expected += hr.expectedKwh;
      anyExpected = true;
    }
    if (hr.poaWm2 !== null) {
      anyPoa = true;
      const kwhM2 = hr.poaWm2 / 1000;
      h += kwhM2;
      eMeasured += hr.actualKwh;
      if (stcOk) {
        const t = hr.poaWm2 > 0 ? tempOf(hr) : 25;
        if (t === null) stcOk = false;
        else {
          stcDen += s.capacityKwp * kwhM2 * (1 + s.gammaPerC! * (t - 25));
          stcNum += hr.actualKwh;
        }
      }
    }
    const sunHour = hr.poaWm2 !== null ? hr.poaWm2 > s.irradianceThresholdWm2 : hr.expectedKwh !== null && hr.expectedKwh > (s.capacityKwp * s.irradianceThresholdWm2) / 1000 / 2;
    if (sunHour) {
      sun++;
      if (hr.produced) sunProduced++;
    }
  }
  const p0 = s.capacityKwp;
  const yr = anyPoa ? h : null;
  return {
    actualKwh: actual,
    expectedKwh: anyExpected ? expected : null,
    irradiationKwhM2: yr,
    pr: yr !== null && yr > 0 && p0 > 0 ? eMeasured / p0 / yr : null,
    prTempCorrected: anyPoa && stcOk && stcDen > 0 ? stcNum / stcDen : null,
    specificYield: p0 > 0 ? actual / p0 : null,
    availability: sun > 0 ? sunProduced / sun : null,
  };
}

/** Year-on-year change of each month's PR, for consecutive years both having the month's PR. */
export function yearOnYear(monthly: readonly { year: number; month: number; pr: number | null }[]) {
  const by = new Map<string, number>();
  for (const m of monthly) if (m.pr !== null && m.pr > 0) by.set(`${m.year}-${m.month}`, m.pr);
  const out: { month: string; fromYear: number; toYear: number; prFrom: number; prTo: number; changePerYear: number }[] = [];
  for (const m of monthly) {
    const from = by.get(`${m.year - 1}-${m.month}`);
    const to = by.get(`${m.year}-${m.month}`);
    if (from === undefined || to === undefined) continue;
    out.push({ month: String(m.month).padStart(2, '0'), fromYear: m.year - 1, toYear: m.year, prFrom: from, prTo: to, changePerYear: (to - from) / from });
  }
  return out;
}
