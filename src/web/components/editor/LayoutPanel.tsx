// The PV layout step's side panel: the module from the equipment library, the spec's required prompts
// (placement, tilt, azimuth shown south-based, spacings, alignment; react-hook-form + the layout
// settings schema), placement on one face or on all faces through the engine, best tilt (server) and
// the automatic row spacing (GB 50797 winter solstice), the live count and kWp, and the capacity cap.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, App, Button, Card, Checkbox, Col, Form, InputNumber, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { azimuthToSouth, layoutSettingsSchema, layoutTotals, type LayoutSettings } from '../../../model/design.ts';
import { setModuleChoice, setSettings } from '../../editor/document/layout.ts';
import type { EditorSnapshot } from '../../editor/Editor.ts';
import { fetchBestTilt } from '../../editor/layout/best-tilt.ts';
import { roofFacesOf, type RoofFace } from '../../editor/layout/faces.ts';
import { placeByYield } from '../../editor/layout/place-by-yield.ts';
import { automaticRowSpacing } from '../../editor/layout/row-spacing.ts';
import { layoutWarning, type PlacementNote } from '../../editor/layout/warnings.ts';
import type { PlanHighlight } from '../../editor/render/plan-scene.ts';
import type { DesignSession } from '../../editor/session/design-session.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useModuleOptions, type ModuleOption } from './useModuleOptions.ts';
import type { LayoutDocument } from '../../../model/design.ts';
import { CapReport, capReportOf, type CapReportValue } from './CapReport.tsx';

export interface LayoutPanelProps {
  session: DesignSession;
  snapshot: EditorSnapshot;
  /** The project's installed capacity limit [kW]; null: none. */
  capKw: number | null;
  onHoverFace: (h: PlanHighlight | null) => void;
}

export function LayoutPanel({ session, snapshot, capKw, onHoverFace }: LayoutPanelProps) {
  const { t } = useTranslation();
  const editor = session.editor;
  const layout = snapshot.committed.layout;
  const origin = snapshot.committed.building.origin;
  const [keyword, setKeyword] = useState('');
  const { options, loading } = useModuleOptions(keyword);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<PlacementNote | null>(null);
  // Under the cap: how the faces were ranked and which were left out (while that layout is shown).
  const [capReport, setCapReport] = useState<{ layout: LayoutDocument; value: CapReportValue } | null>(null);
  const { modal } = App.useApp();
  const [tiltNote, setTiltNote] = useState<string | null>(null);
  const form = useForm<LayoutSettings>({ resolver: zodResolver(layoutSettingsSchema), defaultValues: layout.settings, mode: 'onChange' });
  const values = form.watch();
  const faces = useMemo(() => roofFacesOf(Object.entries(snapshot.roofs).map(([id, r]) => [id, r.output] as const).filter((e): e is [string, NonNullable<(typeof e)[1]>] => e[1] !== null)), [snapshot.roofs]);
  const totals = layoutTotals(layout);
  const countOf = (f: RoofFace) => layout.arrays.filter((a) => a.buildingId === f.buildingId && a.faceId === f.face.id).reduce((n, a) => n + a.centers.length / 3, 0);
  const rowSpacing = layout.module && values.placement === 'tilted' ? automaticRowSpacing(layout.module, { ...layout.settings, ...values }, origin?.lat ?? null) : null;
  // Recomputed on every change: a placement's message only while its layout is the one shown.
  const warning = layoutWarning(layout, capKw, note);

  // Settings saved by a placement (or loaded) become the form's.
  useEffect(() => form.reset(layout.settings), [layout.settings, form]);

  const place = (targets: readonly RoofFace[]) =>
    form.handleSubmit(async (settings) => {
      if (!layout.module || !session.engine) return;
      setBusy(true);
      setNote(null);
      try {
        const withSettings = setSettings(layout, settings);
        // Under the cap the faces fill best yield per kWp first (the project's weather; issue 18).
        const site = origin ? { projectId: session.projectId, latitude: origin.lat, longitude: origin.lng } : null;
        const r = await placeByYield(session.engine, withSettings, targets, { capKw, latitude: origin?.lat ?? null, obstacles: snapshot.committed.building.obstacles, site });
        session.applyLayout(r.doc, 'editor.history.placeModules');
        const report = capReportOf(r);
        setCapReport(report === null ? null : { layout: r.doc, value: report });
        const failed = r.faces.filter((f) => f.error);
        const text = r.message ?? (failed.length ? failed.map((f) => f.error).join('; ') : null);
        setNote(text === null ? null : { layout: r.doc, message: text });
      } finally {
        setBusy(false);
      }
    })();

  const bestTilt = async () => {
    if (!origin) return;
    setTiltNote(null);
    try {
      const b = await fetchBestTilt({ projectId: session.projectId, latitude: origin.lat, longitude: origin.lng, azimuthSouth: form.getValues('azimuthSouth') });
      form.setValue('tilt', Math.round(b.tilt), { shouldValidate: true });
      setTiltNote(t(b.estimate ? 'editor.layout.bestTiltEstimate' : 'editor.layout.bestTiltDone', { tilt: Math.round(b.tilt), poa: Math.round(b.poaKwhM2), source: b.source ?? '' }));
    } catch (e) {
      setTiltNote(e instanceof Error ? e.message : String(e));
    }
  };

  const err = (name: keyof LayoutSettings) => {
    const e = form.formState.errors[name];
    const text = typeof e?.message === 'string' ? e.message : '';
    return e ? { validateStatus: 'error' as const, help: text === 'This field is required' || text === '' ? t('editor.layout.required') : text } : {};
  };
  const num = (name: keyof LayoutSettings, props: { min?: number; max?: number; step?: number; unit?: string }) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <InputNumber
          value={field.value as number | null}
          onChange={(v) => field.onChange(v ?? undefined)}
          min={props.min}
          max={props.max}
          step={props.step ?? 1}
          addonAfter={props.unit}
          style={{ width: '100%' }}
          data-testid={`layout-${name}`}
        />
      )}
    />
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="layout-panel">
      <Card size="small" title={t('editor.layout.module')}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          loading={loading}
          style={{ width: '100%' }}
          placeholder={t('editor.layout.modulePlaceholder')}
          value={layout.module?.libraryId ?? undefined}
          options={options}
          data-testid="module-select"
          status={layout.module ? undefined : 'warning'}
          onChange={(_, o) => {
            const opt = Array.isArray(o) ? o[0] : o;
            if (opt) editor.changeLayout((d) => setModuleChoice(d, (opt as ModuleOption).choice), 'editor.history.setModule');
          }}
        />
        {layout.module && (
          <Typography.Text type="secondary" data-testid="module-chosen">
            {layout.module.manufacturer} {layout.module.model} · {layout.module.powerW} W · {layout.module.length.toFixed(3)} × {layout.module.width.toFixed(3)} m
          </Typography.Text>
        )}
        {!layout.module && <Typography.Text type="warning">{t('editor.layout.required')}</Typography.Text>}
      </Card>
      <Card size="small" title={t('editor.layout.settings')}>
        <Form layout="vertical" size="small">
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item label={t('editor.layout.placement')} {...err('placement')}>
                <Controller
                  name="placement"
                  control={form.control}
                  render={({ field }) => (
                    <Select {...field} data-testid="layout-placement" options={(['flush', 'tilted'] as const).map((v) => ({ value: v, label: t(`editor.layout.placementOf.${v}`) }))} />
                  )}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('editor.layout.orientation')} {...err('orientation')}>
                <Controller
                  name="orientation"
                  control={form.control}
                  render={({ field }) => <Select {...field} options={(['portrait', 'landscape'] as const).map((v) => ({ value: v, label: t(`editor.layout.orientationOf.${v}`) }))} />}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('editor.layout.tilt')} {...err('tilt')} extra={tiltNote}>
                <Space.Compact style={{ width: '100%' }}>
                  {num('tilt', { min: 0, max: 89, unit: '°' })}
                  <Button onClick={() => void bestTilt()} disabled={!origin} data-testid="best-tilt">
                    {t('editor.layout.bestTilt')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('editor.layout.azimuth')} {...err('azimuthSouth')} tooltip={t('editor.layout.azimuthHelp')}>
                {num('azimuthSouth', { min: -180, max: 180, unit: '°' })}
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('editor.layout.rowSpacing')} {...err('rowSpacing')} extra={values.rowSpacing === null && rowSpacing !== null ? t('editor.layout.autoSpacing', { m: rowSpacing.toFixed(2) }) : null}>
                <Controller
                  name="rowSpacing"
                  control={form.control}
                  render={({ field }) => (
                    <Space.Compact style={{ width: '100%' }}>
                      <Checkbox checked={field.value === null} onChange={(e) => field.onChange(e.target.checked ? null : (rowSpacing ?? 2))} data-testid="layout-rowSpacing-auto">
                        {t('editor.layout.auto')}
                      </Checkbox>
                      {field.value !== null && <InputNumber value={field.value} min={0} max={100} step={0.1} addonAfter="m" onChange={(v) => field.onChange(v ?? 0)} />}
                    </Space.Compact>
                  )}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('editor.layout.perColumn')} {...err('modulesPerColumn')}>
                {num('modulesPerColumn', { min: 1, max: 10 })}
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('editor.layout.gapX')} {...err('gapX')}>
                {num('gapX', { min: 0, max: 5, step: 0.01, unit: 'm' })}
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('editor.layout.gapY')} {...err('gapY')}>
                {num('gapY', { min: 0, max: 5, step: 0.01, unit: 'm' })}
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('editor.layout.setback')} {...err('setback')}>
                {num('setback', { min: 0, max: 50, step: 0.1, unit: 'm' })}
              </Form.Item>
            </Col>
            {(['alignX', 'alignY'] as const).map((name) => (
              <Col span={12} key={name}>
                <Form.Item label={t(`editor.layout.${name}`)} {...err(name)}>
                  <Controller
                    name={name}
                    control={form.control}
                    render={({ field }) => <Select {...field} options={(['start', 'center', 'end'] as const).map((v) => ({ value: v, label: t(`editor.layout.alignOf.${v}`) }))} />}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
        <Space wrap>
          <Button type="primary" loading={busy} disabled={!layout.module || faces.length === 0} onClick={() => void place(faces)} data-testid="place-all">
            {t('editor.layout.placeAll')}
          </Button>
          <Button
            disabled={layout.arrays.length === 0}
            onClick={() =>
              modal.confirm({
                title: t('editor.layout.clearConfirm'),
                content: t('editor.layout.clearConfirmText', { count: totals.count }),
                okText: t('editor.layout.clear'),
                okButtonProps: { danger: true },
                cancelText: t('common.cancel'),
                onOk: () => editor.changeLayout((d) => ({ ...d, arrays: [] }), 'editor.history.clearLayout'),
              })
            }
            data-testid="clear-layout"
          >
            {t('editor.layout.clear')}
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Row>
          <Col span={12}>
            <Statistic title={t('editor.layout.count')} value={totals.count} valueRender={(v) => <span data-testid="module-count">{v}</span>} />
          </Col>
          <Col span={12}>
            <Statistic title={t('editor.layout.kwp')} value={totals.kWp} precision={2} valueRender={(v) => <span data-testid="module-kwp">{v}</span>} suffix={capKw !== null ? ` / ${capKw}` : undefined} />
          </Col>
        </Row>
        {warning && <Alert style={{ marginTop: 8 }} type="warning" showIcon data-testid="layout-message" message={'key' in warning ? t(warning.key as MessageKey) : warning.text} />}
        {capReport && capReport.layout === layout && <CapReport report={capReport.value} />}
      </Card>
      <Card size="small" title={t('editor.building.faces')}>
        <Table
          size="small"
          pagination={false}
          rowKey={(f) => `${f.buildingId}:${f.face.id}`}
          dataSource={faces}
          data-testid="layout-faces"
          onRow={(f) => ({ onMouseEnter: () => onHoverFace({ kind: 'face', buildingId: f.buildingId, faceId: f.face.id }), onMouseLeave: () => onHoverFace(null) })}
          columns={[
            { title: t('editor.building.tilt'), render: (_, f) => `${f.face.tilt.toFixed(1)}°` },
            { title: t('editor.building.azimuth'), render: (_, f) => (f.face.tilt < 0.05 ? '—' : `${azimuthToSouth(f.face.azimuth).toFixed(0)}°`) },
            { title: t('editor.layout.count'), render: (_, f) => countOf(f) },
            {
              title: '',
              render: (_, f) => (
                <Button size="small" disabled={!layout.module || busy} onClick={() => void place([f])} data-testid="place-face">
                  {t('editor.layout.placeFace')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
