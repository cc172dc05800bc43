// The equipment library's modules and inverters as `simulate` models (docs/ENGINE-API.md "simulate";
// src/model/simulate.ts):
// - a module with one-diode parameters (a .PAN import, or entered in the form) → the PVsyst single-diode
//   model (alphaSc = tempCoeffIsc/100 · Isc; I_L and I_0 from Isc and Voc as PVsyst derives them when
//   the entry has none: physics/module-fit.ts entryPvsystParameters, the curves' own mapping); any
//   other module → PVWatts at its STC power with γ = tempCoeffPmax/100 (Dobos 2014);
// - an inverter with efficiency curves (an .OND import) → the efficiency-curve model (PVsyst: PMaxOUT =
//   the maximum AC power, else the rated one; PSeuil = the start-up power; the night consumption);
//   any other → PVWatts with η_nom = the CEC, else European, else peak efficiency, and
//   pdc0 = P_AC,rated / η_nom (so that its AC limit η_nom·pdc0 is the rated AC power).
import type { Inverter } from '../../model/equipment-inverter.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import type { SimulateInput } from '../../model/simulate.ts';
import { entryPvsystParameters } from '../../physics/module-fit.ts';

type SimulateModuleIn = SimulateInput['arrays'][number]['module'];
type SimulateInverterIn = SimulateInput['inverter'];

/** The simulate module of a library module, and which model it is. */
export function simulateModuleOf(m: PvModule): SimulateModuleIn {
  const sd = m.singleDiode;
  if (!sd) return { model: 'pvwatts', pdc0: m.pmax, gammaPdc: m.tempCoeffPmax / 100 };
  return {
    model: 'singleDiode',
    parameterSet: 'pvsyst',
    ...entryPvsystParameters(m, sd),
    ...(sd.d2mutau === undefined ? {} : { d2mutau: sd.d2mutau }),
    ...(sd.vbi === undefined ? {} : { vbi: sd.vbi }),
  };
}

/** The nominal efficiency of a library inverter [0–1]: CEC, else European, else peak. */
export function nominalEfficiency(v: Pick<Inverter, 'cecEfficiency' | 'euroEfficiency' | 'maxEfficiency'>): number {
  return (v.cecEfficiency ?? v.euroEfficiency ?? v.maxEfficiency) / 100;
}

/** The simulate inverter of one library inverter. */
export function simulateInverterOf(v: Inverter): SimulateInverterIn {
  const curves = (v.efficiencyCurves ?? [])
    .map((c) => {
      const points = c.points.filter((p) => p.dcPower > 0);
      return { voltage: c.dcVoltage, pdc: points.map((p) => p.dcPower), efficiency: points.map((p) => p.efficiency / 100) };
    })
    .filter((c) => c.pdc.length > 0);
  if (curves.length > 0) {
    return {
      model: 'efficiencyCurve',
      curves,
      pacMax: v.maxAcPower ?? v.ratedAcPower,
      pdcThreshold: v.startupPower ?? 0,
      nightLoss: v.nightConsumption ?? 0,
    };
  }
  const eta = nominalEfficiency(v);
  return { model: 'pvwatts', pdc0: v.ratedAcPower / eta, etaInvNom: eta };
}
