// Storage dispatch hour by hour (docs/ECONOMICS.md "Storage dispatch"), over one year or many.
//
// Battery: nominal capacity C [kWh], AC power limit P [kW] for charging and discharging, efficiencies
// ηc and ηd, stored energy E between socMin·C and socMax·C. An AC charge c adds c·ηc to E; an AC
// discharge d takes d/ηd from E. With s = pv − load:
//   selfConsumption: s > 0 → c = min(s, P, (socMax·C − E)/ηc), export = s − c;
//                    s < 0 → d = min(−s, P, (E − socMin·C)·ηd), import = −s − d.
//   tou: PV surplus charges as above; in valley hours the grid tops the battery up,
//        c_g = min(P − c, (socMax·C − E)/ηc) (imported); in flat hours nothing is discharged; in peak
//        hours the deficit is covered as above. Critical peak counts as peak, deep valley as valley.
// Full self-use curtails what would be exported; full feed-in leaves the battery idle (all PV exported,
// all load imported). Years: the PV of year y is × (1 − degradation)^(y − 1); the battery's usable
// capacity × (1 − fade)^(age) (battery-life.ts); E carries over from one year to the next.
// The hot loop works on typed arrays and scalars only: 8760 h × 25 years in a few milliseconds.
import type { BatteryParsed, DispatchInputParsed, DispatchOutput, DispatchStrategy, OperationMode } from '../model/economics.ts';
import { FEED_IN, MODE_CODE, PEAK, periodClasses, SELF_USE, VALLEY, withRates, type EnergySums } from './balance.ts';
import { capacityFactor, isReplacementYear } from './battery-life.ts';

/** Hour-by-hour results of one year [kWh; soc as a fraction of the year's usable capacity]. */
export interface HourlyDispatch {
  self: Float64Array;
  export: Float64Array;
  import: Float64Array;
  charge: Float64Array;
  discharge: Float64Array;
  soc: Float64Array;
  curtailed: Float64Array;
}

export function hourlyDispatch(n: number): HourlyDispatch {
  const a = () => new Float64Array(n);
  return { self: a(), export: a(), import: a(), charge: a(), discharge: a(), soc: a(), curtailed: a() };
}

/** One year's battery, sized for that year. */
interface YearBattery {
  /** Usable capacity this year [kWh]. */
  capacity: number;
  power: number;
  eMin: number;
  eMax: number;
  etaCharge: number;
  etaDischarge: number;
}

export interface YearResult {
  sums: EnergySums;
  /** Σ price · (load − import) [yuan]: the bill the system avoids (0 without prices). */
  avoidedCost: number;
  /** Stored energy at the end of the year [kWh]. */
  energyEnd: number;
}

/**
 * One year of dispatch.
 * @param pv AC PV energy per hour [kWh] (× pvScale)
 * @param load consumption per hour [kWh]
 * @param mode MODE_CODE of the operation mode
 * @param classes period class per hour (VALLEY, FLAT, PEAK) for the tou strategy; null: selfConsumption
 * @param e0 stored energy at the start [kWh]
 * @param prices tariff per hour [yuan/kWh] for avoidedCost, or null
 * @param out hourly results to fill, or null
 */
export function dispatchYear(pv: ArrayLike<number>, load: ArrayLike<number>, pvScale: number, mode: number, bat: YearBattery | null, classes: Uint8Array | null, e0: number, prices: ArrayLike<number> | null, out: HourlyDispatch | null): YearResult {
  const n = pv.length;
  let E = e0;
  let sPv = 0, sLoad = 0, sSelf = 0, sExp = 0, sImp = 0, sCh = 0, sDis = 0, sCur = 0, avoided = 0;
  const P = bat ? bat.power : 0;
  const eMin = bat ? bat.eMin : 0;
  const eMax = bat ? bat.eMax : 0;
  const ec = bat ? bat.etaCharge : 1;
  const ed = bat ? bat.etaDischarge : 1;
  const useBattery = bat !== null && mode !== FEED_IN;
  for (let h = 0; h < n; h++) {
    const p = pv[h] * pvScale;
    const l = load[h];
    let self = 0, exp = 0, imp = 0, ch = 0, dis = 0, cur = 0;
    if (mode === FEED_IN) {
      exp = p;
      imp = l;
    } else {
      self = p < l ? p : l;
      const s = p - l;
      if (useBattery) {
        if (s > 0) {
          let room = (eMax - E) / ec;
          if (room < 0) room = 0;
          ch = s < P ? s : P;
          if (room < ch) ch = room;
          E += ch * ec;
          exp = s - ch;
        } else if (s < 0) {
          const need = -s;
          if (classes === null || classes[h] === PEAK) {
            let avail = (E - eMin) * ed;
            if (avail < 0) avail = 0;
            dis = need < P ? need : P;
            if (avail < dis) dis = avail;
            E -= dis / ed;
          }
          imp = need - dis;
        }
        if (classes !== null && classes[h] === VALLEY) {
          let cg = P - ch;
          const room = (eMax - E) / ec;
          if (room < cg) cg = room;
          if (cg > 0) {
            E += cg * ec;
            ch += cg;
            imp += cg;
          }
        }
      } else if (s > 0) exp = s;
      else imp = -s;
      if (mode === SELF_USE) {
        cur = exp;
        exp = 0;
      }
    }
    sPv += p;
    sLoad += l;
    sSelf += self;
    sExp += exp;
    sImp += imp;
    sCh += ch;
    sDis += dis;
    sCur += cur;
    if (prices !== null) avoided += prices[h] * (l - imp);
    if (out !== null) {
      out.self[h] = self;
      out.export[h] = exp;
      out.import[h] = imp;
      out.charge[h] = ch;
      out.discharge[h] = dis;
      out.curtailed[h] = cur;
      out.soc[h] = bat ? E / bat.capacity : 0;
    }
  }
  return { sums: { pv: sPv, load: sLoad, self: sSelf, export: sExp, import: sImp, charge: sCh, discharge: sDis, curtailed: sCur }, avoidedCost: avoided, energyEnd: E };
}

export interface DispatchYearsOptions {
  pv: ArrayLike<number>;
  load: ArrayLike<number>;
  mode: OperationMode;
  battery?: BatteryParsed | null;
  strategy?: DispatchStrategy;
  /** Period class of each hour (balance.ts periodClasses), needed by tou. */
  classes?: Uint8Array | null;
  years: number;
  /** Yearly PV degradation [−]. */
  degradation: number;
  /** Tariff per hour [yuan/kWh] for the avoided cost. */
  prices?: ArrayLike<number> | null;
  /** Fill the first year's hourly results. */
  hourly?: boolean;
}

export interface YearSummary extends YearResult {
  year: number;
  /** Usable share of the battery's nominal capacity [−] (1 without a battery). */
  capacityFactor: number;
  /** A new battery this year. */
  replaced: boolean;
}

/** Dispatch over `years` years; the series repeat each year. */
export function dispatchYears(o: DispatchYearsOptions): { years: YearSummary[]; hourly: HourlyDispatch | null } {
  const b = o.battery ?? null;
  const classes = b && o.strategy === 'tou' ? (o.classes ?? null) : null;
  if (b && o.strategy === 'tou' && !classes) throw new Error('the tou strategy needs the period of each hour');
  const mode = MODE_CODE[o.mode];
  const hourly = o.hourly ? hourlyDispatch(o.pv.length) : null;
  const out: YearSummary[] = [];
  let E = b ? b.socInitial * b.capacity : 0;
  for (let y = 1; y <= o.years; y++) {
    const f = b ? capacityFactor(y, b.fade, b.replacementYears) : 1;
    const bat: YearBattery | null = b ? { capacity: b.capacity * f, power: b.power, eMin: b.socMin * b.capacity * f, eMax: b.socMax * b.capacity * f, etaCharge: b.etaCharge, etaDischarge: b.etaDischarge } : null;
    if (bat && E > bat.eMax) E = bat.eMax;
    const r = dispatchYear(o.pv, o.load, (1 - o.degradation) ** (y - 1), mode, bat, classes, E, o.prices ?? null, y === 1 ? hourly : null);
    E = r.energyEnd;
    out.push({ ...r, year: y, capacityFactor: f, replaced: !!b && isReplacementYear(y, b.replacementYears) });
  }
  return { years: out, hourly };
}

/** The `dispatch` command (docs/ENGINE-API.md §dispatch). */
export function dispatch(input: DispatchInputParsed): DispatchOutput {
  const r = dispatchYears({
    pv: input.pv,
    load: input.load,
    mode: input.mode,
    battery: input.battery ?? null,
    strategy: input.strategy,
    classes: input.periods ? periodClasses(input.periods) : null,
    years: input.years,
    degradation: input.degradation,
    hourly: true,
  });
  const h = r.hourly as HourlyDispatch;
  const list = (a: Float64Array) => Array.from(a);
  return {
    hourly: { self: list(h.self), export: list(h.export), import: list(h.import), charge: list(h.charge), discharge: list(h.discharge), soc: list(h.soc), curtailed: list(h.curtailed) },
    totals: withRates(r.years[0].sums),
    ...(input.years > 1 ? { yearly: r.years.map((y) => ({ year: y.year, ...withRates(y.sums), capacityFactor: y.capacityFactor, replaced: y.replaced })) } : {}),
  };
}
