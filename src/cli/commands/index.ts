// The pvstudio command registry: one line per command, in the order `pvstudio --help` lists them —
// its name, its one-line summary and how to load it. Nothing of a command (its schemas, zod, the
// engine) is imported until it runs or its schema is asked for, so `pvstudio --help` starts at once.
// Adding a command: a file like roof.ts and one line here (a test checks that the name and summary
// below are the command file's own).
import type { Command } from './command.ts';

export type { Command, CommandContext } from './command.ts';
export { defineCommand } from './command.ts';

/** A command as the registry knows it before loading it. */
export interface CommandEntry {
  name: string;
  summary: string;
  /** Imports the command's module (once; later calls answer the same command). */
  load(): Promise<Command>;
}

function lazy(name: string, summary: string, load: () => Promise<Command>): CommandEntry {
  let loaded: Promise<Command> | undefined;
  return { name, summary, load: () => (loaded ??= load()) };
}

export const commands: readonly CommandEntry[] = [
  lazy('roof', 'roof faces (tilt, azimuth, area) from a drawn building or an automatic roof', () => import('./roof.ts').then((m) => m.roofCommand)),
  lazy('split', 'cut lines at the points on them and at crossings (sub-lines <id>#k)', () => import('./split.ts').then((m) => m.splitCommand)),
  lazy('merge', 'the inverse of split: sub-lines back into their lines, crossing points dropped', () => import('./merge.ts').then((m) => m.mergeCommand)),
  lazy('layout', 'modules on one roof face: flush or tilted racks, setbacks, keep-outs, winter-solstice row spacing, capacity cap', () => import('./layout.ts').then((m) => m.layoutCommand)),
  lazy('shade', 'per-module beam and diffuse shading over a year of sun positions (shadow ray casts)', () => import('./shade.ts').then((m) => m.shadeCommand)),
  lazy('solar-position', 'sun zenith, azimuth, equation of time and declination at given times (NREL SPA)', () => import('./solar-position.ts').then((m) => m.solarPositionCommand)),
  lazy('irradiance', 'plane-of-array irradiance from DNI, GHI and DHI (isotropic, Hay–Davies or Perez 1990)', () => import('./irradiance.ts').then((m) => m.irradianceCommand)),
  lazy('weather', "a site's weather year: its climate station (default, nearest), a file, PVGIS (PVGIS_URL) or a flagged estimate", () => import('./weather.ts').then((m) => m.weatherCommand)),
  lazy('simulate', 'hourly energy of arrays and inverters over a weather year (file, arrays or synthetic); --format csv', () => import('./simulate.ts').then((m) => m.simulateCommand)),
  lazy('strings', 'string length limits of a module on an inverter (Voc at the lowest temperature, MPPT window, input currents)', () => import('./strings.ts').then((m) => m.stringsCommand)),
  lazy('cable', 'cable resistance, voltage drop and loss, and the smallest standard section for a drop limit', () => import('./cable.ts').then((m) => m.cableCommand)),
  lazy('stringing', 'automatic strings over a layout: serpentine paths along the rows of each face, string lengths, shading groups, inverter inputs', () => import('./stringing.ts').then((m) => m.stringingCommand)),
  lazy('cable-route', 'Manhattan cable routes: strings to their combiner or inverter along their rows, and single runs (combiner → inverter → grid)', () => import('./cable-route.ts').then((m) => m.cableRouteCommand)),
  lazy('dispatch', 'hourly self-consumption balance with or without a battery (selfConsumption or peak-valley tou strategy), over one year or many', () => import('./dispatch.ts').then((m) => m.dispatchCommand)),
  lazy('economics', 'the 25-year cash flow after tax (VAT pool, 3+3 holiday, loss carry-forward, loan): NPV, project and equity IRR, payback, LCOE, CO₂', () => import('./economics.ts').then((m) => m.economicsCommand)),
  lazy('report', 'a report file (pdf, docx, pptx, dxf, xlsx of the 8760 hours, gltf) of a project file (the project export); -o FILE', () => import('./report.ts').then((m) => m.reportCommand)),
];

export function findCommand(name: string): CommandEntry | undefined {
  return commands.find((c) => c.name === name);
}
