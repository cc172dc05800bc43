// What a pvstudio command is (the registry itself is index.ts).
import type { z } from 'zod';
import type { EngineApi } from '../../engine/types.ts';

/** What a command may use; loaded on first use, so `schema` and help load nothing. */
export interface CommandContext {
  /** The in-process engine (wasm release build; PVSTUDIO_ENGINE=debug|reference to change). */
  engine(): Promise<EngineApi>;
}

/**
 * One command: its name, a one-line summary, the zod schemas of its input and output (from
 * src/model) and a function from the parsed input to the output. Reading, validation, errors,
 * `pvstudio schema <name>` and help are main.ts's job.
 */
export interface Command<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  summary: string;
  input: I;
  output: O;
  run(input: z.output<I>, ctx: CommandContext): z.input<O> | Promise<z.input<O>>;
  /**
   * Other output formats than JSON (`--format <name>`): `prepare` may adjust the parsed input (ask for
   * what the format needs), `write` turns the output into the text written.
   */
  formats?: Record<string, OutputFormat<z.output<I>, z.output<O>>>;
}

/** One non-JSON output format of a command. */
export interface OutputFormat<In, Out> {
  prepare?(input: In): In;
  write(output: Out): string;
}

/** Checks one command's schemas and run function against each other. */
export function defineCommand<I extends z.ZodType, O extends z.ZodType>(command: Command<I, O>): Command {
  return command as unknown as Command;
}
