// Step 3, PV layout (spec 000 §2 settingComponent; open when buildings are drawn): choose the module
// and the required prompts, fill one face or all faces through the engine, add, move or remove
// modules by hand, keep under the installed capacity limit, then run the year's shading and see the
// per-module heat map and the winter-solstice shadows. 'At least one component must be arranged'
// before going on.
import { Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutTotals } from '../../../model/design.ts';
import { DesignWorkspace } from '../../components/editor/DesignWorkspace.tsx';
import { LayoutPanel } from '../../components/editor/LayoutPanel.tsx';
import { ShadePanel } from '../../components/editor/ShadePanel.tsx';
import { LAYOUT_MESSAGE_KEYS, validateLayout } from '../../editor/layout/validate.ts';
import { winterShadowsOf } from '../../editor/shade/winter.ts';
import type { ToolName } from '../../editor/tools/registry.ts';
import { useWizard } from '../../hooks/wizard-context.ts';

const TOOLS: readonly ToolName[] = ['module', 'select'];

export function ComponentStep() {
  const { t } = useTranslation();
  const w = useWizard();
  const [winter, setWinter] = useState(false);
  const capKw = w.project?.maxCapacity ?? null;
  const shadowCache = useMemo(() => new WeakMap<object, { roofs: object; shadows: ReturnType<typeof winterShadowsOf> }>(), []);
  return (
    <DesignWorkspace
      step="components"
      title={t('setting.step.components')}
      tools={TOOLS}
      edits="layout"
      previous="building"
      next="electrical"
      heatmap
      shadows={({ snapshot }) => {
        if (!winter) return null;
        // Obstacles stand on the roofs: the shadows follow the roofs as well as the layout.
        const key = snapshot.committed.layout;
        let s = shadowCache.get(key);
        if (!s || s.roofs !== snapshot.roofs) {
          const roofs = Object.fromEntries(Object.entries(snapshot.roofs).flatMap(([id, r]) => (r.output ? [[id, r.output] as const] : [])));
          s = { roofs: snapshot.roofs, shadows: winterShadowsOf(snapshot.committed.building, snapshot.committed.layout, { roofs }) };
          shadowCache.set(key, s);
        }
        return s.shadows;
      }}
      panel={({ session, snapshot, setHighlight }) => (
        <Tabs
          size="small"
          items={[
            { key: 'layout', label: t('editor.layout.tab'), children: <LayoutPanel session={session} snapshot={snapshot} capKw={capKw} onHoverFace={setHighlight} /> },
            { key: 'shade', label: t('editor.shade.tab'), children: <ShadePanel session={session} snapshot={snapshot} winter={winter} onWinter={setWinter} onHover={setHighlight} /> },
          ]}
        />
      )}
      beforeNext={({ snapshot }) => {
        const errors = validateLayout(snapshot.committed.layout, capKw);
        return errors.length === 0 ? null : LAYOUT_MESSAGE_KEYS[errors[0].code];
      }}
      onSaved={({ session }) => w.actor.send({ type: 'components.changed', count: layoutTotals(session.store.get('layout')).count })}
    />
  );
}
