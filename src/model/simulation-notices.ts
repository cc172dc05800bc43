// What to know about how the project's yield (POST /project/simulation/run) was worked out: coded
// notices with their parameters (the web app translates them: electrical.notices.<code>), and their
// English text for headless callers (`simulationNoticeText`). The pattern of weather-notices.ts.
import { z } from 'zod';

export const simulationNoticeCodes = [
  /** The shade analysis keeps no usable hourly record (saved before it was kept, or unreadable). */
  'shadingAnnualAverage',
  /** The hourly record was left out when the analysis was saved: too large for the document. */
  'shadingHourlyTooLarge',
  /** The hourly record has more shaded module-steps than the simulation takes (params: steps, limit). */
  'shadingHourlyTooMany',
] as const;
export type SimulationNoticeCode = (typeof simulationNoticeCodes)[number];

export const simulationNoticeSchema = z.object({
  code: z.enum(simulationNoticeCodes),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type SimulationNotice = z.infer<typeof simulationNoticeSchema>;

const MEAN = "each string's mean annual shading was applied at every hour, so shading within a string causes no electrical mismatch";

const EN: Record<SimulationNoticeCode, (p: SimulationNotice['params']) => string> = {
  shadingAnnualAverage: () => `The shade analysis has no hourly record: ${MEAN} — run the shade analysis again for the mismatch`,
  shadingHourlyTooLarge: () => `The shade analysis's hourly record was too large to save: ${MEAN}`,
  shadingHourlyTooMany: (p) => `The hourly shading has ${p.steps} shaded module-steps, more than the simulation's ${p.limit}: ${MEAN}`,
};

/** The English text of notices, joined ('; '), or null for none. */
export function simulationNoticeText(notices: readonly SimulationNotice[]): string | null {
  return notices.length ? notices.map((n) => EN[n.code](n.params)).join('; ') : null;
}
