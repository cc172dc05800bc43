// The hover tip of the heat map (issue 18): over a module, its annual shading loss, solar access and
// TSRF (editor/shade/shade-detail.ts) next to the pointer. The viewport sends the pointer's plan
// position through a HoverChannel, so that only this tip renders on every move.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutDocument } from '../../../model/design.ts';
import { hitModule } from '../../editor/document/layout.ts';
import type { ModuleShadeDetail } from '../../editor/shade/shade-detail.ts';
import { faceLabel } from './face-label.ts';
import { pct } from './ShadeDetailTable.tsx';

/** Where the pointer is: plan position [m] and position in the viewport [px]. */
export interface PlanHover {
  readonly x: number;
  readonly y: number;
  readonly px: number;
  readonly py: number;
}

/** A one-value store the viewport writes the pointer into and the tip reads. */
export interface HoverChannel {
  emit(p: PlanHover | null): void;
  listen(fn: () => void): () => void;
  get(): PlanHover | null;
}

export function createHoverChannel(): HoverChannel {
  let value: PlanHover | null = null;
  const listeners = new Set<() => void>();
  return {
    emit(p) {
      if (p === value) return;
      value = p;
      for (const fn of listeners) fn();
    },
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    get: () => value,
  };
}

export interface ModuleShadeTipProps {
  channel: HoverChannel;
  layout: LayoutDocument;
  byKey: ReadonlyMap<string, ModuleShadeDetail>;
}

export function ModuleShadeTip({ channel, layout, byKey }: ModuleShadeTipProps) {
  const { t } = useTranslation();
  const hover = useSyncExternalStore(channel.listen, channel.get);
  if (hover === null) return null;
  const ref = hitModule(layout, hover.x, hover.y);
  const d = ref ? byKey.get(`${ref.arrayId}:${ref.index}`) : undefined;
  if (!d) return null;
  return (
    <div
      data-testid="module-shade-tip"
      data-key={d.key}
      style={{
        position: 'absolute',
        left: hover.px + 14,
        top: hover.py + 14,
        padding: '4px 8px',
        borderRadius: 4,
        background: 'rgba(15, 23, 42, 0.85)',
        color: '#fff',
        fontSize: 12,
        lineHeight: '18px',
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
        zIndex: 5,
      }}
    >
      <div>{t('shadeDetail.moduleName', { face: faceLabel(t, d), n: d.index + 1 })}</div>
      <div>
        {t('shadeDetail.loss')}: <b data-testid="tip-loss">{pct(d.loss)}</b>
      </div>
      <div>
        {t('shadeDetail.access')}: <b data-testid="tip-access">{pct(d.access)}</b>
      </div>
      <div>
        {t('shadeDetail.tsrf')}: <b data-testid="tip-tsrf">{pct(d.tsrf)}</b>
      </div>
    </div>
  );
}
