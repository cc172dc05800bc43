// The frame the drawing and layout steps share: toolbar on top, the viewport, the step's side panel,
// the save state, and previous / next (through the wizard machine, so gating and the leave flag
// apply: leaving saves first). It opens the project's design session and waits for it to load.
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WinterShadow } from '../../../engine/winter-shadows.ts';
import type { ProjectDetail } from '../../../model/api/projects.ts';
import type { StepName } from '../../app/paths.ts';
import type { EditorSnapshot } from '../../editor/Editor.ts';
import { getEditorConfig } from '../../editor/map/editor-config-api.ts';
import type { BaseKind, BaseSources } from '../../editor/map/styles.ts';
import type { PlanHighlight } from '../../editor/render/plan-scene.ts';
import type { DesignSession } from '../../editor/session/design-session.ts';
import { useDesignSession } from '../../editor/session/DesignSessionContext.tsx';
import type { ToolName } from '../../editor/tools/registry.ts';
import { useWizard } from '../../hooks/wizard-context.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { EditorViewport, useModuleShade } from './EditorViewport.tsx';
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
  const { step, title, tools, previous, next, panel, heatmap = false, shadows, beforeNext, onSaved, projectId, origin } = props;
  const { t } = useTranslation();
  const w = useWizard();
  const session = useDesignSession(projectId, origin);
  const snapshot = useSyncExternalStore(session.editor.subscribe, session.editor.getSnapshot);
  useStoreRevision(session);
  const [mode, setMode] = useState<'2d' | '3d'>('2d');
  const [sources, setSources] = useState<BaseSources>({});
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

  // The step's tools; the first one is active on entry (once the design is loaded).
  useEffect(() => {
    if (session.state === 'ready') session.editor.setTool(tools[0]);
  }, [session, session.state, tools]);

  // Which satellite imagery the server has (the map says when there is none).
  useEffect(() => {
    const ctl = new AbortController();
    getEditorConfig(ctl.signal)
      .then((c) => setSources(c.satellite ? { satellite: c.satellite } : { satelliteUnavailable: c.satelliteUnavailable ?? undefined }))
      .catch(() => {});
    return () => ctl.abort();
  }, []);

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

  const shade = useModuleShade(heatmap ? session.store.get('shade') : null);
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
      styles={{ body: { padding: 12 } }}
      extra={<SaveBar session={session} />}
    >
      <Flex vertical gap={8}>
        <EditorToolbar editor={session.editor} snapshot={snapshot} tools={tools} mode={mode} onMode={setMode} base={base} onBase={setBase} satellite={!!sources.satellite} orthophoto={!!orthophoto} />
        {mapMessage && <Alert type="info" showIcon closable message={t(mapMessage as MessageKey)} data-testid="map-message" onClose={() => setMapMessage(null)} />}
        <Flex gap={12} align="stretch">
          <div style={{ flex: 1, minWidth: 0 }}>
            <EditorViewport
              editor={session.editor}
              snapshot={snapshot}
              mode={mode}
              base={base}
              sources={mapSources}
              shade={shade}
              shadows={shadowList}
              highlight={highlight}
              onMapMessage={onMapMessage}
              onAttribution={setAttribution}
            />
            {attribution && <Typography.Text type="secondary" style={{ fontSize: 11 }}>{attribution}</Typography.Text>}
          </div>
          <div style={{ width: 340, flex: 'none', maxHeight: 640, overflow: 'auto' }}>{panel(parts)}</div>
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
