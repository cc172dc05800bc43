// The report's 3D view (issue 17 "3D model with modules, strings and heat map"): the design drawn by
// report-3d.ts, the modules coloured by string or by annual shading loss (a toggle), with a legend.
// `onReady` receives a function that saves the view as a PNG (the Report step stores it as the
// project's thumbnail).
import { Card, Flex, Segmented, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportModel } from '../../../model/report.ts';
import { heatLegendGradient } from '../../editor/render/heat-colours.ts';
import { createReport3d, type Report3d } from './report-3d.ts';
import { moduleColours, shadingScale, stringColour, stringLegend, UNASSIGNED_COLOUR, type ModuleColouring } from './report-figures.ts';

/** Strings listed in the legend before "…". */
const LEGEND_STRINGS = 24;

export function Report3dView({ model, extra, onReady }: { model: ReportModel; extra?: React.ReactNode; onReady?: (snapshot: () => Promise<Blob | null>) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<Report3d | null>(null);
  const [noWebgl, setNoWebgl] = useState(false);
  const scale = useMemo(() => shadingScale(model), [model]);
  const [colouring, setColouring] = useState<ModuleColouring>('string');
  const legend = useMemo(() => stringLegend(model), [model]);

  useEffect(() => {
    if (!canvas.current || !box.current) return;
    let v: Report3d;
    try {
      v = createReport3d(canvas.current);
    } catch {
      setNoWebgl(true);
      return;
    }
    view.current = v;
    const el = box.current;
    const ro = new ResizeObserver(() => v.resize(el.clientWidth, el.clientHeight));
    ro.observe(el);
    v.resize(el.clientWidth, el.clientHeight);
    onReady?.(() => v.snapshot());
    return () => {
      ro.disconnect();
      v.destroy();
      view.current = null;
    };
  }, [onReady]);

  useEffect(() => {
    view.current?.setScene(model.geometry, moduleColours(model, colouring), colouring === 'string' ? stringColour : null);
  }, [model, colouring, noWebgl]);

  return (
    <Card
      title={t('report.section.view3d')}
      data-testid="report-3d"
      data-modules={model.geometry.modules.length}
      data-colouring={colouring}
      extra={
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{t('report.view.colouring')}</Typography.Text>
          <Segmented
            data-testid="report-colouring"
            value={colouring}
            onChange={(v) => setColouring(v as ModuleColouring)}
            options={[
              { value: 'string', label: t('report.view.byString') },
              { value: 'shading', label: t('report.view.byShading') },
            ]}
          />
          {extra}
        </Flex>
      }
    >
      <div ref={box} style={{ position: 'relative', width: '100%', height: 420 }}>
        {noWebgl ? <Typography.Text type="warning">{t('report.view.noWebgl')}</Typography.Text> : <canvas ref={canvas} style={{ width: '100%', height: '100%', display: 'block' }} data-testid="report-3d-canvas" />}
      </div>
      <Flex gap={12} wrap align="center" style={{ marginTop: 8, fontSize: 12 }} data-testid="report-3d-legend">
        <Typography.Text type="secondary">{t('report.view.modules', { count: model.geometry.modules.length })}</Typography.Text>
        {colouring === 'string' ? (
          <>
            <Typography.Text strong>{t('report.view.legendStrings')}</Typography.Text>
            {legend.slice(0, LEGEND_STRINGS).map((s) => (
              <span key={s.number} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <span style={{ width: 10, height: 10, background: s.colour, display: 'inline-block' }} />
                {s.number}
              </span>
            ))}
            {legend.length > LEGEND_STRINGS && <span>…</span>}
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <span style={{ width: 10, height: 10, background: UNASSIGNED_COLOUR, display: 'inline-block' }} />
              {t('report.view.unassigned')}
            </span>
          </>
        ) : scale ? (
          <>
            <Typography.Text strong>{t('report.view.legendShading')}</Typography.Text>
            <span>{(scale.min * 100).toFixed(1)} %</span>
            <span style={{ width: 160, height: 10, display: 'inline-block', background: heatLegendGradient(scale.max, 10, scale.min) }} />
            <span>{(scale.max * 100).toFixed(1)} %</span>
          </>
        ) : (
          <Typography.Text type="secondary">{t('report.view.noShading')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
