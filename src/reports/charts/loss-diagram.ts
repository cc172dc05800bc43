// The PVsyst-style loss diagram: the nominal energy on top, then each loss line of the model (the
// energy lost and its share of the nominal, model/report.ts energy.losses: nominal − Σ kwh = AC)
// with the energy left after it as a narrowing bar, the AC energy at the bottom.
import type { ReportModel } from '../../model/report.ts';
import type { ReportFormat } from '../labels/format.ts';
import type { ReportLabels } from '../labels/index.ts';
import { INK, NEGATIVE, PALETTE, type DrawCommand, type Drawing } from './drawing.ts';

type Energy = NonNullable<ReportModel['energy']>;

/** The loss diagram's drawing; lines of zero loss are left out. */
export function lossDiagram(energy: Energy, labels: ReportLabels, f: ReportFormat, width: number): Drawing {
  const lines = energy.losses.filter((l) => Math.abs(l.kwh) > 1e-9);
  const row = 16, top = 4, barX = width * 0.42, barW = width * 0.36;
  const height = top + row * (lines.length + 2) + 4;
  const cmds: DrawCommand[] = [];
  const scale = energy.nominalKwh > 0 ? barW / energy.nominalKwh : 0;
  const bar = (i: number, kwh: number, lost: number, color: string) => {
    const y = top + i * row + 3;
    cmds.push({ t: 'rect', x: barX, y, w: Math.max(0, kwh * scale), h: row - 6, fill: color });
    if (lost > 0) cmds.push({ t: 'rect', x: barX + kwh * scale, y, w: lost * scale, h: row - 6, fill: NEGATIVE });
  };
  const label = (i: number, name: string, value: string, bold = false) => {
    cmds.push({ t: 'text', x: 0, y: top + i * row + 3, text: name, size: 8, color: INK, bold });
    cmds.push({ t: 'text', x: width, y: top + i * row + 3, text: value, size: 8, align: 'right', color: INK, bold });
  };
  label(0, labels.field.nominal, f.kwh(energy.nominalKwh), true);
  bar(0, energy.nominalKwh, 0, PALETTE[0]);
  let left = energy.nominalKwh;
  lines.forEach((l, k) => {
    left -= l.kwh;
    label(k + 1, labels.loss[l.name], `−${f.percent(l.percent, 2)}  ${f.kwh(l.kwh)}`);
    bar(k + 1, left, l.kwh, PALETTE[4]);
  });
  const last = lines.length + 1;
  label(last, labels.field.annualEnergy, f.kwh(energy.acKwh), true);
  bar(last, energy.acKwh, 0, PALETTE[2]);
  return { width, height, commands: cmds };
}
