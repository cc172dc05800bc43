// The pvstudio command registry: one entry per command, in the order `pvstudio --help` lists them.
// A later command (layout, shade, simulate, solar-position) is a file like roof.ts and a line here.
import type { Command } from './command.ts';
import { mergeCommand } from './merge.ts';
import { irradianceCommand } from './irradiance.ts';
import { layoutCommand } from './layout.ts';
import { roofCommand } from './roof.ts';
import { shadeCommand } from './shade.ts';
import { simulateCommand } from './simulate.ts';
import { solarPositionCommand } from './solar-position.ts';
import { splitCommand } from './split.ts';
import { weatherCommand } from './weather.ts';

export type { Command, CommandContext } from './command.ts';
export { defineCommand } from './command.ts';

export const commands: readonly Command[] = [roofCommand, splitCommand, mergeCommand, layoutCommand, shadeCommand, solarPositionCommand, irradianceCommand, weatherCommand, simulateCommand];

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name);
}
