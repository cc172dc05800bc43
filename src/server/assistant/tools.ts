// The assistant's tools (issue 22 item 2): what the model may call, each with its arguments' schema
// (zod → JSON Schema for the model, and the check of what it sends), run under the caller's access on
// the project the chat is about (never a project id the model names: the chat's own), and a one-line
// summary of its result for the `tool` event. A failure the user can act on (a step not done, an input
// out of range) is the tool's result, `{ error }`, for the model to explain; nothing else is hidden.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, messageOf } from '../errors.ts';
import { readProjectFacts } from './project-facts.ts';
import type { ToolCall, ToolSpec } from './provider.ts';
import { ToolInputError } from './tool-error.ts';
import { whatIfStorage, whatIfTariff } from './what-if-economics.ts';
import { whatIfDcAc, whatIfTilt } from './what-if-yield.ts';

export interface ToolContext {
  app: FastifyInstance;
  userId: number;
  /** The chat's project; null: the project list (no project open). */
  projectId: number | null;
}

type Result = Record<string, unknown>;

interface AssistantTool<S extends z.ZodType<Record<string, unknown>>> {
  name: string;
  description: string;
  input: S;
  run(ctx: ToolContext & { projectId: number }, input: z.output<S>): Promise<Result>;
}

const tool = <S extends z.ZodType<Record<string, unknown>>>(t: AssistantTool<S>) => t as unknown as AssistantTool<z.ZodType<Record<string, unknown>>>;

const price = z.number().min(0).max(100);

export const TOOLS = [
  tool({
    name: 'read_project',
    description:
      'Read the open project: site, weather source, roof faces (tilt, azimuth, modules, shading), inverters and strings (DC/AC ratio), the kept yield with its loss tree and monthly energy, the load, the storage, the tariff and the last economics.',
    input: z.object({}),
    run: (c) => readProjectFacts(c.app, c.userId, c.projectId),
  }),
  tool({
    name: 'what_if_tilt',
    description: "Simulate the project's yield with every module array at another tilt and compare it with the design as it is.",
    input: z.object({ tiltDeg: z.number().min(0).max(89).describe('the new tilt [°] from horizontal') }),
    run: (c, i) => whatIfTilt(c.app, c.userId, c.projectId, i.tiltDeg as number),
  }),
  tool({
    name: 'what_if_dc_ac_ratio',
    description: "Simulate the project's yield with the inverters rated for another DC/AC ratio (DC capacity / total rated AC power) and compare it with the current configuration.",
    input: z.object({ ratio: z.number().min(0.5).max(2.5).describe('the DC/AC ratio, e.g. 1.2') }),
    run: (c, i) => whatIfDcAc(c.app, c.userId, c.projectId, i.ratio as number),
  }),
  tool({
    name: 'what_if_storage',
    description: "Work out the project's economics (NPV, IRR, payback, LCOE, self-consumption, self-sufficiency) with a battery of another size and compare them with the saved design.",
    input: z.object({
      capacityKwh: z.number().min(0).max(1_000_000).describe('battery capacity [kWh]; 0 = no battery'),
      powerKw: z.number().positive().max(1_000_000).optional().describe('charge/discharge power [kW]; default: the saved battery power per kWh, else capacity / 2'),
      costPerKwh: z.number().min(0).max(100_000).optional().describe('battery cost [yuan/kWh]; default: the saved one'),
    }),
    run: (c, i) => whatIfStorage(c.app, c.userId, c.projectId, i as { capacityKwh: number; powerKw?: number; costPerKwh?: number }),
  }),
  tool({
    name: 'what_if_tariff',
    description: "Work out the project's economics with a uniform electricity price and/or another export (surplus-sale) price and compare them with the saved tariff.",
    input: z.object({
      price: price.optional().describe('uniform electricity price [yuan/kWh, VAT incl.]'),
      exportPrice: price.optional().describe('surplus-sale price [yuan/kWh]'),
    }),
    run: (c, i) => whatIfTariff(c.app, c.userId, c.projectId, i as { price?: number; exportPrice?: number }),
  }),
];

/** The tools as the model sees them. */
export function toolSpecs(): ToolSpec[] {
  return TOOLS.map((t) => {
    const { $schema: _schema, ...parameters } = z.toJSONSchema(t.input) as Record<string, unknown>;
    return { name: t.name, description: t.description, parameters };
  });
}

export interface ToolOutcome {
  input: Record<string, unknown>;
  result: Result;
  /** One line for the `tool` event. */
  summary: string;
}

/** The input object of a call's JSON arguments ({} when they are not an object). */
function parseArguments(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Runs one call of the model (see the file's header). */
export async function runTool(ctx: ToolContext, call: ToolCall): Promise<ToolOutcome> {
  const input = parseArguments(call.arguments);
  const t = TOOLS.find((x) => x.name === call.name);
  const fail = (message: string): ToolOutcome => ({ input, result: { error: message }, summary: `error: ${message}` });
  if (!t) return fail(`no tool named ${call.name}`);
  if (ctx.projectId === null) return fail('no project is open: open a project to read it or run what-ifs');
  const parsed = t.input.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  }
  try {
    const result = await t.run({ ...ctx, projectId: ctx.projectId }, parsed.data);
    return { input, result, summary: summarize(t.name, result) };
  } catch (err) {
    if (err instanceof ToolInputError) return fail(err.message);
    if (err instanceof ApiError && err.code < 500) return fail(messageOf(err.key, 'en', err.params));
    throw err;
  }
}

const n = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US') : String(v));

/** The one-line summary of a result. */
export function summarize(name: string, r: Result): string {
  const b = r.baseline as Record<string, unknown> | undefined;
  const v = r.variant as Record<string, unknown> | undefined;
  if (name === 'read_project') {
    const p = r.project as { name: string };
    const y = r.yield as { annualAcKwh?: number };
    return `project “${p.name}”${y.annualAcKwh === undefined ? '' : `, ${n(y.annualAcKwh)} kWh/year`}`;
  }
  if ((name === 'what_if_tilt' || name === 'what_if_dc_ac_ratio') && b && v) return `annual AC ${n(b.annualAcKwh)} → ${n(v.annualAcKwh)} kWh (${n(r.annualChangePct)} %)`;
  if (b && v) return `NPV ${n(b.npvYuan)} → ${n(v.npvYuan)} yuan; self-sufficiency ${n(b.selfSufficiencyPct)} → ${n(v.selfSufficiencyPct)} %`;
  return name;
}
