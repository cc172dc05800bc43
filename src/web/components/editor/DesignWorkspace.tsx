// The frame the drawing and layout steps share: toolbar on top, the viewport, the step's side panel,
// the save state, and previous / next (through the wizard machine, so gating and the leave flag
// apply: leaving saves first). It opens the project's design session and waits for it to load.
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WinterShadow } from '../../../design-rules/winter-shadows.ts';
import type { ProjectDetail } from '../../../model/api/projects.ts';
import type { StepName } from '../../app/paths.ts';
import type { EditorSnapshot } from '../../editor/Editor.ts';
import { getEditorConfig } from '../../editor/map/editor-config-api.ts';
import { SATELLITE_UNAVAILABLE } from '../../../model/base-map.ts';
import { BaseMapSettingsButton } from '../BaseMapSettings.tsx';
import type { BaseKind, BaseSources } from '../../editor/map/styles.ts';
import type { PlanHighlight } from '../../editor/render/plan-scene.ts';
import type { DesignSession } from '../../editor/session/design-session.ts';
import { useDesignSession } from '../../editor/session/DesignSessionContext.tsx';
import { toolHintKey, type EditTarget, type ToolName } from '../../editor/tools/registry.ts';
import { useWizard } from '../../hooks/wizard-context.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { EditorViewport } from './EditorViewport.tsx';
import { createHoverChannel, ModuleShadeTip } from './ModuleShadeTip.tsx';
import { useShadeDetail } from './useShadeDetail.ts';
import { SaveBar, useStoreRevision } from './SaveBar.tsx';
import { useOrthophotoSource } from './useOrthophotoSource.ts';

export interface WorkspaceParts {
  session: DesignSession;
  snapshot: EditorSnapshot;
  setHighlight: (h: PlanHighlight | null) => void;
}

export interface DesignWorkspaceProps {
  step: StepName;
  title: ReactNode;
  tools: readonly ToolName[];
  /** The document the step's tools edit ('layout': the building is read-only; default 'building'). */
  edits?: EditTarget;
  previous: StepName;
  next: StepName;
  /** The side panel. */
  panel: (parts: WorkspaceParts) => ReactNode;
  /** Whether the heat map shows (the layout step). */
  heatmap?: boolean;
  shadows?: (parts: WorkspaceParts) => readonly WinterShadow[] | null;
  /** Checked before Next: a message key to show instead of going on, or null. */
  beforeNext?: (parts: WorkspaceParts) => string | null;
  /** After a save, tell the wizard what the design now holds. */
  onSaved?: (parts: WorkspaceParts) => void;
}

function originOf(p: ProjectDetail | null): { lat: number; lng: number } | null {
  return p && p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null;
}

export function DesignWorkspace(props: DesignWorkspaceProps) {
  const { t } = useTranslation();
  const w = useWizard();
  const project = w.project;
  if (!project) return <Alert type="warning" showIcon message={t('editor.noProject')} />;
  return <Workspace {...props} projectId={project.projectId} origin={originOf(project)} />;
}

function Workspace(props: DesignWorkspaceProps & { projectId: number; origin: { lat: number; lng: number } | null }) {
  const { step, title, tools, edits = 'building', previous, next, panel, heatmap = false, shadows, beforeNext, onSaved, projectId, origin } = props;
  const { t } = useTranslation();
  const w = useWizard();
  const session = useDesignSession(projectId, origin);
  const snapshot = useSyncExternalStore(session.editor.subscribe, session.editor.getSnapshot);
  useStoreRevision(session);
  const [mode, setMode] = useState<'2d' | '3d'>('2d');
  const [sources, setSources] = useState<BaseSources>({});
  // Bumped when the user saves their imagery settings: the map re-reads its source.
  const [imageryVersion, setImageryVersion] = useState(0);
  const [mapMessage, setMapMessage] = useState<string | null>(null);
  const [attribution, setAttribution] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<PlanHighlight | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const parts: WorkspaceParts = { session, snapshot, setHighlight };
  // The base map is part of the building document (saved with it; a change is one undoable step).
  const base: BaseKind = snapshot.committed.building.map.base;
  const setBase = useCallback(
    (b: BaseKind) => session.editor.change((d) => (d.map.base === b ? d : { ...d, map: { ...d.map, base: b } }), 'editor.history.setBase'),
    [session],
  );
  const orthophoto = useOrthophotoSource(projectId, snapshot.committed.building);
  const mapSources = useMemo<BaseSources>(() => ({ ...sources, orthophoto }), [sources, orthophoto]);

  // The step's tools and what they edit; the first tool is active on entry (once the design is loaded).
  useEffect(() => {
    if (session.state === 'ready') session.editor.setScope({ tools, edits });
  }, [session, session.state, tools, edits]);

  // The satellite imagery of the user's setting or the server's default (the map says when there is none).
  useEffect(() => {
    const ctl = new AbortController();
    getEditorConfig(ctl.signal)
      .then((c) => setSources(c.satellite ? { satellite: c.satellite } : { satelliteUnavailable: c.satelliteUnavailable ?? undefined }))
      .catch(() => {});
    return () => ctl.abort();
  }, [imageryVersion]);
  const imagerySettings = <BaseMapSettingsButton onSaved={() => setImageryVersion((v) => v + 1)} />;
  const satelliteLabel = sources.satellite ? t('editor.map.satelliteOf', { preset: t(`user.baseMap.presets.${sources.satellite.preset}`) }) : undefined;

  // Leaving (the wizard's leave flag) saves first; a conflict or failure keeps the user here.
  useEffect(() => {
    w.setBeforeLeave(() => session.save());
    return () => w.setBeforeLeave(null);
  }, [w, session]);

  // Closing or reloading the tab with unsaved work asks first (the browser's own dialog).
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (session.store.dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [session]);

  // The wizard learns what the saved design holds (opens the next steps).
  const saved = session.store.status('building').state === 'saved' && session.store.status('layout').state === 'saved';
  useEffect(() => {
    if (saved && session.state === 'ready') onSaved?.(parts);
  }, [saved, session.state, session.store.version('building'), session.store.version('layout')]);

  // A refusal of Next goes away once its rule holds again.
  useEffect(() => {
    if (blocked && beforeNext && session.state === 'ready' && beforeNext(parts) === null) setBlocked(null);
  });

  // The heat map: each module's annual loss, the colour scale fitted to the values, a tip on hover.
  const detail = useShadeDetail(projectId, snapshot.committed.building.origin, heatmap ? session.store.get('shade') : null, snapshot.committed.layout);
  const shade = detail?.moduleShade ?? null;
  const hoverChannel = useMemo(() => createHoverChannel(), []);
  const shadowList = shadows?.(parts) ?? null;
  const onMapMessage = useCallback((k: string | null) => setMapMessage(k), []);

  if (session.state === 'loading') return <Spin data-testid="design-loading" />;
  if (session.state === 'failed') return <Alert type="error" showIcon message={t('editor.loadFailed')} description={session.error} data-testid="design-failed" />;

  const go = async (target: StepName) => {
    if (target === next && beforeNext) {
      const why = beforeNext(parts);
      setBlocked(why);
      if (why) return;
    }
    w.actor.send({ type: 'step.go', step: target });
  };

  return (
    <Card
      title={title}
      data-testid={`design-${step}`}
      // The step fills the window (the plan takes what the toolbar and the buttons leave): app.css .pv-workspace.
      className="pv-workspace"
      styles={{ body: { padding: 12, flex: '1 1 auto', display: 'flex', flexDirection: 'column' } }}
      extra={<SaveBar session={session} />}
    >
      <Flex vertical gap={8} className="pv-workspace-main">
        <EditorToolbar editor={session.editor} snapshot={snapshot} tools={tools} mode={mode} onMode={setMode} base={base} onBase={setBase} satellite={!!sources.satellite} satelliteLabel={satelliteLabel} orthophoto={!!orthophoto} extra={imagerySettings} />
        {mapMessage && (
          <Alert
            type="info"
            showIcon
            closable
            message={t(mapMessage as MessageKey)}
            action={(Object.values(SATELLITE_UNAVAILABLE) as string[]).includes(mapMessage) ? imagerySettings : undefined}
            data-testid="map-message"
            onClose={() => setMapMessage(null)}
          />
        )}
        <Typography.Text type="secondary" data-testid="tool-hint" data-tool={snapshot.tool}>
          {t(toolHintKey(snapshot.tool, edits) as MessageKey)}
        </Typography.Text>
        <Flex gap={12} align="stretch" className="pv-workspace-row">
          <div className="pv-workspace-plan">
            <EditorViewport
              editor={session.editor}
              snapshot={snapshot}
              mode={mode}
              base={base}
              sources={mapSources}
              shade={shade}
              shadows={shadowList}
              highlight={highlight}
              heatScale={detail?.scale ?? null}
              onHover={detail ? hoverChannel.emit : undefined}
              onMapMessage={onMapMessage}
              onAttribution={setAttribution}
            >
              {detail && <ModuleShadeTip channel={hoverChannel} layout={snapshot.committed.layout} byKey={detail.byKey} />}
            </EditorViewport>
            {attribution && <Typography.Text type="secondary" style={{ fontSize: 11 }}>{attribution}</Typography.Text>}
          </div>
          <div className="pv-workspace-panel">
            <div className="pv-workspace-panel-scroll">{panel(parts)}</div>
          </div>
        </Flex>
        {blocked && <Alert type="warning" showIcon message={t(blocked as MessageKey)} data-testid="step-blocked" />}
        <Flex justify="space-between">
          <Button onClick={() => void go(previous)}>{t('common.previous')}</Button>
          <Button type="primary" onClick={() => void go(next)} data-testid="next-step">
            {t('common.next')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
