// The project's PV hour by hour for the economics (issue 16: the balance, the dispatch and the storage
// recommendation run on the project's own yield): the AC energy of each of the 8760 local hours
// (src/economics/calendar.ts: hour 0 = 1 January 00:00–01:00 local standard time, 29 February left
// out) that POST /project/simulation/run kept with the project's yield — the yield the Electrical step
// shows — while the design and weather it was made from are unchanged (same basis and weather);
// otherwise the yield is simulated again from the saved design (server/electrical/project-simulation.ts)
// and kept, so the next call reads it.
import type { FastifyInstance } from 'fastify';
import type { WeatherUsed } from '../../model/api/compute.ts';
import { keptSimulationSchema, type KeptSimulation } from '../../model/api/electrical.ts';
import { storedInverterConfig } from '../electrical/document-save.ts';
import { prepareProjectYield, runProjectYield, type PreparedYield } from '../electrical/project-simulation.ts';

export interface ProjectPv {
  /** AC energy of each local hour of year 1 [kWh]. */
  hourlyKwh: Float64Array;
  /** The simulation's annual AC energy [kWh]. */
  annualKwh: number;
  /** DC capacity of the modules in strings [kWp]. */
  capacityKwp: number;
  utcOffset: number;
  weather: WeatherUsed;
  layoutVersion: number;
  inverterConfigVersion: number;
}

/** Whether an inverter configuration has an inverter and a string wired to one of its inputs (spec 000 §5). */
export async function inverterWired(app: FastifyInstance, projectId: number): Promise<boolean> {
  const config = await storedInverterConfig(app.services.documents, projectId);
  return config.doc !== null && config.doc.inverters.length > 0 && config.doc.strings.some((s) => s.inverterId !== null && s.mppt !== null);
}

/** The kept yield when it was made from the prepared one's design and weather, else null. */
function keptFor(stored: unknown, p: PreparedYield): KeptSimulation | null {
  const kept = keptSimulationSchema.safeParse(stored);
  if (!kept.success) return null;
  const same = JSON.stringify(kept.data.basis) === JSON.stringify(p.basis) && JSON.stringify(kept.data.weather) === JSON.stringify(p.weather) && kept.data.pvHourly.utcOffset === p.utcOffset;
  return same ? kept.data : null;
}

/** The project's yield with its hours (see the file's header); the refusals of simulation/run. */
export async function projectPv(app: FastifyInstance, userId: number, projectId: number): Promise<ProjectPv> {
  const prepared = await prepareProjectYield(app, userId, projectId);
  let kept = keptFor((await app.services.documents.read(projectId, 'simulation')).data, prepared);
  if (!kept) {
    await runProjectYield(app, userId, projectId);
    kept = keptFor((await app.services.documents.read(projectId, 'simulation')).data, prepared);
    if (!kept) throw new Error('the kept yield does not match the design it was run on');
  }
  return {
    hourlyKwh: Float64Array.from(kept.pvHourly.kwh),
    annualKwh: kept.annual.acKwh,
    capacityKwp: kept.annual.capacityKwp,
    utcOffset: kept.pvHourly.utcOffset,
    weather: kept.weather,
    layoutVersion: kept.basis.layoutVersion,
    inverterConfigVersion: kept.basis.inverterConfigVersion,
  };
}
