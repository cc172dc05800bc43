// The names on the Electrical step's plan, as DOM labels over the canvas (the plan renderers draw no
// text): each string's "S1" with its inverter and MPPT input ("INV-1 · MPPT 2") at its first module,
// and the equipment's names ("INV-1", "CB-1", the grid point). They follow the plan's view through a
// ViewChannel (only the labels re-render on a pan or zoom), never take the pointer, and carry what
// they show as data attributes — the test hooks of the step (the string's modules, its plan points).
// Labels that would overlap are hidden (label-declutter.ts: equipment first, then the selected string,
// then the strings by number) and come back as the user zooms in; hidden ones keep their attributes.
import { useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutDocument } from '../../../model/design.ts';
import type { InverterConfigDocument } from '../../../model/electrical-design.ts';
import type { PlanView } from '../../editor/contracts.ts';
import { equipmentSymbols } from '../../editor/electrical/equipment.ts';
import { declutter, LABEL_HEIGHT_PX, labelWidth, type LabelBox } from '../../editor/electrical/label-declutter.ts';
import { stringCss } from '../../editor/electrical/string-colours.ts';
import { stringPaths } from '../../editor/electrical/string-paths.ts';
import { worldToScreen } from '../../editor/render/plan-view.ts';

/** A one-value store the viewport writes its view into and the labels read. */
export interface ViewChannel {
  emit(v: PlanView): void;
  listen(fn: () => void): () => void;
  get(): PlanView | null;
}

export function createViewChannel(): ViewChannel {
  let value: PlanView | null = null;
  const listeners = new Set<() => void>();
  return {
    emit(v) {
      if (value && v.cx === value.cx && v.cy === value.cy && v.mPerPx === value.mPerPx && v.width === value.width && v.height === value.height) return;
      value = v;
      for (const fn of listeners) fn();
    },
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    get: () => value,
  };
}

/** Most string labels drawn at once (the rest, off screen first, are left out). */
const MAX_LABELS = 400;

const LAYER: CSSProperties = { position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' };
const LABEL: CSSProperties = {
  position: 'absolute',
  padding: '0 4px',
  border: '1px solid',
  borderRadius: 3,
  background: 'rgba(255, 255, 255, 0.88)',
  color: '#1f2937',
  fontSize: 11,
  lineHeight: '16px',
  whiteSpace: 'nowrap',
};
const EQUIPMENT: CSSProperties = { ...LABEL, borderColor: '#0f766e', fontWeight: 600 };

/** "INV-1 · MPPT 2" of a string, or null when it is not connected. */
export function targetName(config: Pick<InverterConfigDocument, 'inverters'>, inverterId: string | null, mppt: number | null): string | null {
  const inv = inverterId === null ? undefined : config.inverters.find((i) => i.id === inverterId);
  if (!inv) return null;
  return mppt === null ? inv.name : `${inv.name} · MPPT ${mppt + 1}`;
}

export interface PlanLabelsProps {
  channel: ViewChannel;
  config: InverterConfigDocument | null;
  layout: LayoutDocument;
  selected: string | null;
}

export function PlanLabels({ channel, config, layout, selected }: PlanLabelsProps) {
  const { t } = useTranslation();
  const view = useSyncExternalStore(channel.listen, channel.get);
  // The strings' plan paths change with the wiring, not with the view: worked out once per wiring,
  // not on every pan or zoom frame.
  const paths = useMemo(() => (config ? stringPaths(config, layout) : []), [config, layout]);
  if (!view || !config) return null;
  const inView = ([x, y]: readonly [number, number]) => {
    const [px, py] = worldToScreen(view, x, y);
    return px >= -40 && py >= -40 && px <= view.width + 40 && py <= view.height + 40;
  };
  const shown = paths
    .filter((p) => p.anchor !== null)
    .sort((a, b) => Number(inView(b.anchor!)) - Number(inView(a.anchor!)) || Number(b.id === selected) - Number(a.id === selected) || a.number - b.number)
    .slice(0, MAX_LABELS);
  const equipment = equipmentSymbols(config).map((s) => ({ s, name: s.ref.kind === 'grid' ? t('electrical.plan.grid') : s.name, at: worldToScreen(view, s.position[0], s.position[1]) }));
  const strings = shown.map((p) => ({ p, target: targetName(config, p.inverterId, p.mppt), at: worldToScreen(view, p.anchor![0], p.anchor![1]) }));
  // Equipment first, then the strings (the selected one, then by number, as sorted above).
  const boxes: LabelBox[] = [
    ...equipment.map((e) => ({ x: e.at[0] + 11, y: e.at[1] - 8, w: labelWidth(e.name), h: LABEL_HEIGHT_PX })),
    ...strings.map((x) => ({ x: x.at[0] + 8, y: x.at[1] - 10, w: labelWidth(`■ S${x.p.number}${x.target ? ` ${x.target}` : ''}`), h: LABEL_HEIGHT_PX })),
  ];
  const visible = declutter(boxes);
  const hiddenStyle = (k: number): CSSProperties => (visible[k] ? {} : { visibility: 'hidden' });
  return (
    <div style={LAYER} data-testid="plan-labels" data-strings={paths.length} data-hidden-labels={visible.filter((v) => !v).length}>
      {strings.map(({ p, target, at: [px, py] }, i) => (
        <div
          key={p.id}
          data-testid="string-label"
          data-string-id={p.id}
          data-name={`S${p.number}`}
          data-modules={p.points.length + p.missing}
          data-target={target ?? ''}
          data-selected={p.id === selected}
          data-hidden={!visible[equipment.length + i]}
          data-points={p.points.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(' ')}
          style={{ ...LABEL, left: px + 8, top: py - 10, borderColor: stringCss(p.number), fontWeight: p.id === selected ? 700 : 500, ...hiddenStyle(equipment.length + i) }}
        >
          <span style={{ color: stringCss(p.number) }}>■</span> S{p.number}
          {target && <span style={{ color: '#64748b' }}> {target}</span>}
        </div>
      ))}
      {equipment.map(({ s, name, at: [px, py] }, k) => (
        <div
          key={s.ref.kind === 'grid' ? 'grid' : `${s.ref.kind}:${s.ref.id}`}
          data-testid="equipment-label"
          data-kind={s.ref.kind}
          data-name={name}
          data-x={s.position[0].toFixed(3)}
          data-y={s.position[1].toFixed(3)}
          data-hidden={!visible[k]}
          style={{ ...EQUIPMENT, left: px + 11, top: py - 8, ...hiddenStyle(k) }}
        >
          {name}
        </div>
      ))}
    </div>
  );
}
