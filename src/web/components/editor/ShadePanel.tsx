// The shading part of the PV layout step: the analysis lifecycle (shade.machine.ts: start, pause,
// continue, stop and restart with the spec's confirmations) on a pool of engine workers, its
// progress, the heat map's legend (its scale fitted to the modules' annual losses) and mean losses,
// the per-module table (annual loss, solar access, TSRF: useShadeDetail), whether the saved result is
// stale, and the winter-solstice shadows. A finished run is saved as the project's shade analysis
// (the simulation reads it).
import { Alert, Button, Card, Checkbox, Modal, Progress, Space, Statistic, Tag, Typography } from 'antd';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ShadeJob } from '../../../engine/shade-job.ts';
import type { LayoutDocument } from '../../../model/design.ts';
import type { EditorSnapshot } from '../../editor/Editor.ts';
import type { PlanHighlight } from '../../editor/render/plan-scene.ts';
import type { DesignSession } from '../../editor/session/design-session.ts';
import { buildShadeInput, isShadeStale, meanShading, SHADE_JOB_OPTIONS, shadeDocumentOf } from '../../editor/shade/shade-input.ts';
import { shadeButtons, shadeMachine, shadeStatus, type ShadeJobLike } from '../../editor/shade/shade.machine.ts';
import { HeatLegend } from './HeatLegend.tsx';
import { useStoreRevision } from './SaveBar.tsx';
import { ShadeDetailTable } from './ShadeDetailTable.tsx';
import { useShadeDetail } from './useShadeDetail.ts';

export interface ShadePanelProps {
  session: DesignSession;
  snapshot: EditorSnapshot;
  winter: boolean;
  onWinter: (on: boolean) => void;
  /** Highlights a module on the plan (a row of the table hovered). */
  onHover?: (h: PlanHighlight | null) => void;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function ShadePanel({ session, snapshot, winter, onWinter, onHover }: ShadePanelProps) {
  const { t } = useTranslation();
  useStoreRevision(session);
  const run = useRef<{ layout: LayoutDocument; versions: { layoutVersion: number; buildingVersion: number }; year: number } | null>(null);
  const snapRef = useRef(snapshot);
  snapRef.current = snapshot;
  const actor = useActorRef(
    shadeMachine.provide({}),
    {
      input: {
        createJob: (): ShadeJobLike => {
          const pool = session.shadePool();
          if (!pool) throw new Error('no engine workers');
          const s = snapRef.current;
          const roofs = new Map(Object.entries(s.roofs).flatMap(([id, r]) => (r.output ? [[id, r.output] as const] : [])));
          const year = new Date().getFullYear();
          run.current = { layout: s.committed.layout, versions: session.store.versions(), year };
          return new ShadeJob(pool, buildShadeInput(s.committed.building, roofs, s.committed.layout, { year }), SHADE_JOB_OPTIONS);
        },
      },
    },
  );
  const snap = useSelector(actor, (x) => x);
  const status = shadeStatus(snap);
  const buttons = shadeButtons(snap);
  const { progress, output, error } = snap.context;

  // A finished run becomes the project's shade analysis.
  const savedOutput = useRef<unknown>(null);
  useEffect(() => {
    if (status !== 'finished' || !output || !run.current || savedOutput.current === output) return;
    savedOutput.current = output;
    const r = run.current;
    session.store.set('shade', shadeDocumentOf(output, r.layout, r.versions, { year: r.year, finishedAt: new Date() }));
    void session.store.save(['shade']);
  }, [status, output, session]);

  const layout = snapshot.committed.layout;
  const shade = session.store.get('shade');
  const stale = isShadeStale(shade, session.store.versions(), layout);
  const mean = shade && !stale ? meanShading(shade) : null;
  const noModules = layout.arrays.every((a) => a.centers.length === 0);
  // The same figures the heat map shows (DesignWorkspace): the legend's scale is the map's.
  const detail = useShadeDetail(session.projectId, snapshot.committed.building.origin, shade, layout);

  // Start and restart run on what the server holds (the analysis refers to saved versions).
  const start = async (type: 'shade.start' | 'shade.restart') => {
    if (!(await session.save())) return;
    actor.send({ type });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="shade-panel" data-status={status}>
      <Card size="small" title={t('editor.shade.title')} extra={<Tag data-testid="shade-status">{t(`editor.shade.status.${status}`)}</Tag>}>
        <Progress percent={Math.round(progress.percent)} status={status === 'running' ? 'active' : status === 'stopped' ? 'exception' : undefined} data-testid="shade-progress" />
        <Space wrap style={{ marginTop: 8 }}>
          {buttons.start && (
            <Button type="primary" disabled={noModules} onClick={() => void start('shade.start')} data-testid="shade-start">
              {t('editor.shade.start')}
            </Button>
          )}
          {buttons.pause && (
            <Button onClick={() => actor.send({ type: 'shade.pause' })} data-testid="shade-pause">
              {t('editor.shade.pause')}
            </Button>
          )}
          {buttons.resume && (
            <Button type="primary" onClick={() => actor.send({ type: 'shade.resume' })} data-testid="shade-resume">
              {t('editor.shade.resume')}
            </Button>
          )}
          {buttons.stop && (
            <Button danger onClick={() => actor.send({ type: 'shade.stop' })} data-testid="shade-stop">
              {t('editor.shade.stop')}
            </Button>
          )}
          {buttons.restart && (
            <Button disabled={noModules} onClick={() => actor.send({ type: 'shade.restart' })} data-testid="shade-restart">
              {t('editor.shade.restart')}
            </Button>
          )}
        </Space>
        {noModules && <Typography.Paragraph type="secondary">{t('editor.shade.needModules')}</Typography.Paragraph>}
        {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} />}
      </Card>
      <Card size="small" title={t('editor.shade.heatmap')}>
        {shade && stale && <Alert type="warning" showIcon message={t('editor.shade.stale')} data-testid="shade-stale" style={{ marginBottom: 8 }} />}
        {mean && (
          <Space size="large" data-testid="shade-mean">
            <Statistic title={t('editor.shade.beam')} value={pct(mean.beam)} />
            <Statistic title={t('editor.shade.diffuse')} value={pct(mean.diffuse)} />
          </Space>
        )}
        {detail?.scale && (
          <div style={{ marginTop: 8 }}>
            <HeatLegend scale={detail.scale} />
          </div>
        )}
        <Checkbox checked={winter} onChange={(e) => onWinter(e.target.checked)} style={{ marginTop: 8 }} data-testid="winter-shadows">
          {t('editor.shade.winter')}
        </Checkbox>
      </Card>
      {detail && detail.details.length > 0 && (
        <Card size="small" title={t('shadeDetail.table')}>
          <ShadeDetailTable details={detail.details} weighed={detail.weighed} onHover={onHover} />
        </Card>
      )}
      <Modal
        open={status === 'confirmingStop' || status === 'confirmingRestart'}
        title={t(status === 'confirmingStop' ? 'editor.shade.confirmStop' : 'editor.shade.confirmRestart')}
        onOk={() => (status === 'confirmingRestart' ? void session.save().then((ok) => actor.send({ type: ok ? 'shade.confirm' : 'shade.cancel' })) : actor.send({ type: 'shade.confirm' }))}
        onCancel={() => actor.send({ type: 'shade.cancel' })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        data-testid="shade-confirm"
      >
        {t(status === 'confirmingStop' ? 'editor.shade.confirmStopText' : 'editor.shade.confirmRestartText')}
      </Modal>
    </Space>
  );
}
