// The algorithm curve queries of the libraries (spec 000 §7 "algorithm curve queries"; spec 001 §3
// "Simulation curves exist for custom libraries (IV/PV, efficiency versus irradiance or temperature)"),
// computed with the simulation's physics:
//   - module I–V / P–V: the entry's PVsyst one-diode parameters (a .PAN import or the custom form's
//     ideality factor, Rs, Rsh, Iph, I0; I_L and I_0 derived from Isc and Voc at STC when not given,
//     physics/pvsyst-pan.ts pvsystReferenceCurrents, Sauer, Roessler & Hansen, IEEE JPV 5(1), 2015) at
//     each irradiance and cell temperature (calcparamsPvsyst, pvlib `calcparams_pvsyst`), the curve
//     from 0 to Voc (ivCurve) and its key points (singleDiodeOf, pvlib `singlediode`); the thin-film
//     recombination term when the entry has d2mutau. An entry without one-diode parameters gets PVsyst's
//     default parameters fitted to its datasheet (physics/module-fit.ts, as the web library does); one
//     whose datasheet admits no such curve answers CURVE_NO_PARAMETERS;
//   - inverter efficiency against DC power: the entry's measured curves (one per DC voltage) through
//     efficiencyCurveAc (PVsyst .OND model), or, for an entry without curves, the PVWatts inverter
//     model (Dobos, NREL/TP-6A20-62641, 2014, eq. 4–5: pvwattsAc) with its peak efficiency as the
//     nominal one, over 0 to the maximum DC power.
import type { Inverter } from '../../model/equipment-inverter.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import { efficiencyCurveAc, pvwattsAc } from '../../physics/inverter.ts';
import { moduleModel, type ModuleModel } from '../../physics/module-fit.ts';
import { calcparamsPvsyst } from '../../physics/single-diode-params.ts';
import { ivCurve, singleDiodeOf } from '../../physics/single-diode.ts';
import { apiError } from '../errors.ts';

/** The entry's one-diode model: its own PVsyst parameters, or PVsyst's defaults fitted to its datasheet. */
function entryModel(m: PvModule): ModuleModel {
  try {
    return moduleModel(m);
  } catch (e) {
    if (e instanceof RangeError) throw apiError('CURVE_NO_PARAMETERS', {}, { field: 'id' });
    throw e;
  }
}

/**
 * I–V curves of a module at every (irradiance, temperature) pair.
 * @param m the library entry
 * @param irradiances [W m⁻²]
 * @param temperatures cell temperatures [°C]
 * @param points voltages per curve from 0 to Voc [-]
 */
export function moduleIvCurves(m: PvModule, irradiances: number[], temperatures: number[], points: number) {
  const { params, recombination, origin } = entryModel(m);
  const curves = [];
  for (const irradiance of irradiances) {
    for (const temperature of temperatures) {
      const at = calcparamsPvsyst(irradiance, temperature, params);
      const key = singleDiodeOf(at, recombination);
      const c = ivCurve(at, points, recombination);
      curves.push({
        irradiance,
        temperature,
        isc: key.isc,
        voc: key.voc,
        imp: key.imp,
        vmp: key.vmp,
        pmp: key.pmp,
        points: Array.from(c.v, (v, k) => ({ v, i: c.i[k], p: v * c.i[k] })),
      });
    }
  }
  return { manufacturer: m.manufacturer, model: m.model, parameters: origin, curves };
}

/**
 * Efficiency against DC input power: one curve per measured DC voltage, or the PVWatts curve.
 * @param v the library entry
 * @param points DC powers per curve [-]
 */
export function inverterEfficiencyCurves(v: Inverter, points: number) {
  const pacMax = Math.max(v.maxAcPower ?? 0, v.ratedAcPower);
  const threshold = v.startupPower ?? 0;
  const measured = [...(v.efficiencyCurves ?? [])].sort((a, b) => a.dcVoltage - b.dcVoltage);
  const row = (pdc: number, pac: number) => ({ dcPower: pdc, acPower: pac, efficiency: pdc > 0 ? (pac / pdc) * 100 : 0 });
  if (measured.length > 0) {
    const curves = measured.map((c) => {
      const params = { curves: [{ voltage: c.dcVoltage, pdc: c.points.map((p) => p.dcPower), efficiency: c.points.map((p) => p.efficiency / 100) }], pacMax, pdcThreshold: threshold };
      const last = c.points[c.points.length - 1].dcPower;
      const powers = Array.from({ length: points }, (_, k) => threshold + ((last - threshold) * (k + 1)) / points);
      return { dcVoltage: c.dcVoltage, points: powers.map((pdc) => row(pdc, efficiencyCurveAc(c.dcVoltage, pdc, params))) };
    });
    return { manufacturer: v.manufacturer, model: v.model, mode: 'curves' as const, curves };
  }
  const etaNom = v.maxEfficiency / 100;
  // PVWatts: the AC limit is η_nom·P_dc0 (Dobos 2014 eq. 5), so P_dc0 = P_ac,rated / η_nom.
  const pdc0 = v.ratedAcPower / etaNom;
  const top = v.maxDcPower ?? pdc0;
  const powers = Array.from({ length: points }, (_, k) => (top * (k + 1)) / points);
  return {
    manufacturer: v.manufacturer,
    model: v.model,
    mode: 'pvwatts' as const,
    curves: [{ dcVoltage: v.ratedDcVoltage ?? null, points: powers.map((pdc) => row(pdc, pvwattsAc(pdc, pdc0, etaNom))) }],
  };
}
