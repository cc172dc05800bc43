// The Electrical step's frame (spec 000 §2 settingElectrical, the assign step): the wiring toolbar
// (mode, undo / redo), the plan — the design editor's viewport over the layout, read-only here, with
// the strings, equipment and cables drawn over it (render/plan-strings.ts) and their names as labels —
// and the side panel (inverters, strings, cables, checks, yield), the save state, and previous / next
// through the wizard (leaving raises the leave flag: the wiring is saved first). Plan input goes to
// the wiring editor, not to the design editor.
import { Alert, Button, Card, Flex, Spin, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '../../../model/api/projects.ts';
import { parseModuleRef } from '../../../model/electrical-design.ts';
import { economicsShown } from '../../../model/wizard.ts';
import { getEditorConfig } from '../../editor/map/editor-config-api.ts';
import type { BaseSources } from '../../editor/map/styles.ts';
import { missingModules } from '../../editor/electrical/string-paths.ts';
import { buildElectricalLayer } from '../../editor/render/plan-strings.ts';
import type { DesignSession } from '../../editor/session/design-session.ts';
import { useDesignSession } from '../../editor/session/DesignSessionContext.tsx';
import { useElectrical, useElectricalSession, type ElectricalState } from '../../hooks/useElectrical.ts';
import { useElectricalYield } from '../../hooks/useElectricalYield.ts';
import { useWizard } from '../../hooks/wizard-context.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { EditorViewport } from '../editor/EditorViewport.tsx';
import { useStoreRevision } from '../editor/SaveBar.tsx';
import { useOrthophotoSource } from '../editor/useOrthophotoSource.ts';
import { CablePanel } from './CablePanel.tsx';
import { ChecksPanel } from './ChecksPanel.tsx';
import { ElectricalSaveBar } from './ElectricalSaveBar.tsx';
import { InverterPicker } from './InverterPicker.tsx';
import { createViewChannel, PlanLabels } from './PlanLabels.tsx';
import { StringsPanel } from './StringsPanel.tsx';
import { WiringToolbar } from './WiringToolbar.tsx';
import { YieldPanel } from './YieldPanel.tsx';

/** Width of the step's side panel [CSS px]. */
const PANEL_WIDTH_PX = 480;

function originOf(p: ProjectDetail | null): { lat: number; lng: number } | null {
  return p && p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null;
}

export function ElectricalWorkspace({ title }: { title: string }) {
  const { t } = useTranslation();
  const w = useWizard();
  const project = w.project;
  if (!project) return <Alert type="warning" showIcon message={t('editor.noProject')} />;
  return <WithSessions title={title} projectId={project.projectId} origin={originOf(project)} />;
}

function WithSessions({ title, projectId, origin }: { title: string; projectId: number; origin: { lat: number; lng: number } | null }) {
  const { t } = useTranslation();
  const design = useDesignSession(projectId, origin);
  const electrical = useElectricalSession(projectId);
  if (design.state === 'failed') return <Alert type="error" showIcon message={t('editor.loadFailed')} description={design.error} data-testid="design-failed" />;
  if (design.state === 'loading' || !electrical) return <Spin data-testid="electrical-loading" />;
  return <Workspace title={title} design={design} electrical={electrical} />;
}

function Workspace({ title, design, electrical }: { title: string; design: DesignSession; electrical: Parameters<typeof useElectrical>[0] }) {
  const { t } = useTranslation();
  const w = useWizard();
  useStoreRevision(design);
  const editorSnapshot = useSyncExternalStore(design.editor.subscribe, design.editor.getSnapshot);
  const layout = design.store.get('layout');
  const layoutVersion = design.store.version('layout');
  const e = useElectrical(electrical, layout);
  const yieldState = useElectricalYield(design.projectId, e.save);
  const [tab, setTab] = useState('inverters');
  const viewChannel = useMemo(() => createViewChannel(), []);
  const base = editorSnapshot.committed.building.map.base;
  const [sources, setSources] = useState<BaseSources>({});
  const orthophoto = useOrthophotoSource(design.projectId, editorSnapshot.committed.building);
  const mapSources = useMemo<BaseSources>(() => ({ ...sources, orthophoto }), [sources, orthophoto]);
  useEffect(() => {
    const ctl = new AbortController();
    getEditorConfig(ctl.signal)
      .then((c) => setSources(c.satellite ? { satellite: c.satellite } : { satelliteUnavailable: c.satelliteUnavailable ?? undefined }))
      .catch(() => {});
    return () => ctl.abort();
  }, []);

  // The layout is read-only here: a module selection of the PV layout step does not carry over.
  useEffect(() => design.editor.setSelection(null), [design]);

  const { scene, selected } = e.snapshot;
  const annotations = useMemo(() => buildElectricalLayer({ config: scene.config, layout, cables: scene.cables, selected }), [scene.config, scene.cables, layout, selected]);
  // The selected string's modules are drawn as selected modules.
  const highlight = useMemo(() => {
    const s = selected ? scene.config?.strings.find((x) => x.id === selected) : undefined;
    if (!s) return null;
    const refs = s.moduleRefs.flatMap((r) => parseModuleRef(r) ?? []);
    return { kind: 'modules' as const, refs };
  }, [selected, scene.config]);

  if (e.status === 'loading') return <Spin data-testid="electrical-loading" />;
  if (e.status === 'failed') return <Alert type="error" showIcon message={t('electrical.loadFailed')} description={e.loadError} data-testid="electrical-failed" />;

  const config = e.snapshot.committed.config;
  const staleLayout = config !== null && (config.layoutVersion !== layoutVersion || missingModules(config, layout).length > 0);
  const staleCables = e.snapshot.committed.cables !== null && config !== null && (e.snapshot.dirtyParts.config || e.snapshot.committed.cables.inverterConfigVersion !== e.store.version('config'));
  const hint = config === null ? 'electrical.hint.none' : config.mode === 'auto' ? 'electrical.hint.auto' : 'electrical.hint.manual';
  const next = economicsShown(w.actor.getSnapshot().context.facts) ? 'economics' : 'report';

  return (
    <Card
      title={title}
      data-testid="design-electrical"
      className="pv-workspace"
      styles={{ body: { padding: 12, flex: '1 1 auto', display: 'flex', flexDirection: 'column' } }}
      extra={<ElectricalSaveBar state={e} />}
    >
      <Flex vertical gap={8} className="pv-workspace-main">
        <WiringToolbar state={e} />
        <Typography.Text type="secondary" data-testid="wiring-hint" data-tool-state={e.snapshot.toolState}>
          {t(hint)}
        </Typography.Text>
        {staleLayout && <Alert type="warning" showIcon message={t('electrical.staleLayout')} data-testid="stale-layout" />}
        {staleCables && <Alert type="info" showIcon message={t('electrical.staleCables')} data-testid="stale-cables" />}
        <Flex gap={12} align="stretch" className="pv-workspace-row">
          <div className="pv-workspace-plan">
            <EditorViewport
              editor={design.editor}
              snapshot={editorSnapshot}
              mode="2d"
              base={base}
              sources={mapSources}
              shade={null}
              shadows={null}
              highlight={highlight}
              input={e.editor}
              annotations={annotations}
              onView={viewChannel.emit}
            >
              <PlanLabels channel={viewChannel} config={scene.config} layout={layout} selected={selected} />
              {e.snapshot.overlay.hint && <div className="pv-editor-hint" data-testid="wiring-tool-hint">{t(e.snapshot.overlay.hint as MessageKey)}</div>}
            </EditorViewport>
          </div>
          {/* Wider than the design steps' panel: the cable and check tables have many columns. */}
          <div className="pv-workspace-panel" style={{ width: PANEL_WIDTH_PX }}>
            <div className="pv-workspace-panel-scroll">
              <SidePanel state={e} tab={tab} onTab={setTab} yieldState={yieldState} projectId={design.projectId} />
            </div>
          </div>
        </Flex>
        <Flex justify="space-between">
          <Button onClick={() => w.actor.send({ type: 'step.go', step: 'components' })}>{t('common.previous')}</Button>
          <Button type="primary" onClick={() => w.actor.send({ type: 'step.go', step: next })} data-testid="next-step">
            {t('common.next')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function SidePanel(props: { state: ElectricalState; tab: string; onTab: (k: string) => void; yieldState: ReturnType<typeof useElectricalYield>; projectId: number }) {
  const { t } = useTranslation();
  const { state, tab, onTab, yieldState } = props;
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={onTab}
      data-testid="electrical-tabs"
      items={[
        { key: 'inverters', label: t('electrical.tab.inverters'), children: <InverterPicker state={state} /> },
        { key: 'strings', label: t('electrical.tab.strings'), children: <StringsPanel state={state} /> },
        { key: 'cables', label: t('electrical.tab.cables'), children: <CablePanel state={state} /> },
        { key: 'checks', label: t('electrical.tab.checks'), children: <ChecksPanel state={state} /> },
        { key: 'yield', label: t('electrical.tab.yield'), children: <YieldPanel yieldState={yieldState} configured={state.snapshot.committed.config !== null} /> },
      ]}
    />
  );
}
