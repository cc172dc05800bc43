// The building step's side panel: the buildings with their roof state, the selected building's eave
// height and automatic roof, the height field the point-height tool asks for, the selected obstacle's
// height, the roof faces (tilt, azimuth south-based as users read it, area) and the engine's errors,
// which are also marked on the drawing.
import { Button, Card, Empty, Form, InputNumber, List, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { azimuthToSouth, type DesignAutoRoof, type DesignBuilding } from '../../../model/design.ts';
import { DEFAULT_PITCH, setAutoRoof, setEaveHeight } from '../../editor/document/building.ts';
import { findObstacle, updateObstacle } from '../../editor/document/obstacles.ts';
import type { Editor, EditorSnapshot } from '../../editor/Editor.ts';
import type { PlanHighlight } from '../../editor/render/plan-scene.ts';

const AUTO_TYPES = ['hip', 'gable', 'shed', 'flat'] as const;

export interface BuildingPanelProps {
  editor: Editor;
  snapshot: EditorSnapshot;
  onHoverFace: (h: PlanHighlight | null) => void;
}

function selectedBuilding(s: EditorSnapshot): DesignBuilding | undefined {
  const sel = s.selection;
  const list = s.committed.building.buildings;
  const id = sel?.kind === 'building' ? sel.id : sel?.kind === 'point' || sel?.kind === 'line' ? sel.buildingId : null;
  return (id ? list.find((b) => b.id === id) : undefined) ?? (list.length === 1 ? list[0] : undefined);
}

export function BuildingPanel({ editor, snapshot, onHoverFace }: BuildingPanelProps) {
  const { t } = useTranslation();
  const doc = snapshot.committed.building;
  const b = selectedBuilding(snapshot);
  const sel = snapshot.selection;
  const obstacle = sel?.kind === 'obstacle' ? findObstacle(doc, sel.id) : undefined;
  const faces = Object.entries(snapshot.roofs).flatMap(([buildingId, r]) => (r.output?.faces ?? []).map((f) => ({ buildingId, ...f })));
  const errors = Object.entries(snapshot.roofs).flatMap(([buildingId, r]) => [
    ...(r.output?.errors ?? []).map((e) => ({ buildingId, code: e.code, message: e.message })),
    ...(r.error ? [{ buildingId, code: 'ENGINE', message: r.error }] : []),
  ]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="building-panel">
      {snapshot.heightEdit && <HeightField key={`${snapshot.heightEdit.pointId}`} editor={editor} z={snapshot.heightEdit.z} />}
      <Card size="small" title={t('editor.building.buildings')}>
        {doc.buildings.length === 0 ? (
          <Empty description={t('editor.building.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <List
            size="small"
            dataSource={doc.buildings}
            renderItem={(x, i) => {
              const r = snapshot.roofs[x.id];
              const state = !x.closed ? 'open' : r?.status === 'done' ? (r.output?.success ? 'ok' : 'failed') : r?.status === 'failed' ? 'failed' : 'running';
              return (
                <List.Item
                  onClick={() => editor.setSelection({ kind: 'building', id: x.id })}
                  style={{ cursor: 'pointer', background: b?.id === x.id ? '#eef3ff' : undefined }}
                  data-testid="building-item"
                  data-state={state}
                  data-faces={r?.output?.faces.length ?? 0}
                >
                  {x.name || t('editor.building.nth', { n: i + 1 })}
                  <Tag color={state === 'ok' ? 'green' : state === 'failed' ? 'red' : 'default'}>{t(`editor.building.state.${state}`)}</Tag>
                </List.Item>
              );
            }}
          />
        )}
      </Card>
      {b && (
        <Card size="small" title={t('editor.building.roof')} data-testid="roof-card">
          <Form layout="vertical" size="small">
            <Form.Item label={t('editor.building.eave')}>
              <InputNumber
                min={0}
                max={500}
                step={0.1}
                value={b.eaveHeight}
                addonAfter="m"
                data-testid="eave-height"
                onChange={(v) => typeof v === 'number' && editor.change((d) => setEaveHeight(d, b.id, v), 'editor.history.setEave')}
              />
            </Form.Item>
            <Form.Item label={t('editor.building.autoRoof')}>
              <Select
                value={b.auto?.type ?? 'none'}
                data-testid="auto-roof"
                options={[{ value: 'none', label: t('editor.building.autoNone') }, ...AUTO_TYPES.map((v) => ({ value: v, label: t(`editor.building.auto.${v}`) }))]}
                onChange={(v: string) => {
                  const auto: DesignAutoRoof | null = v === 'none' ? null : { type: v as DesignAutoRoof['type'], pitch: v === 'flat' ? 0 : (b.auto?.pitch ?? DEFAULT_PITCH) };
                  editor.change((d) => setAutoRoof(d, b.id, auto), 'editor.history.setAutoRoof');
                }}
              />
            </Form.Item>
            {b.auto && b.auto.type !== 'flat' && (
              <Form.Item label={t('editor.building.pitch')}>
                <InputNumber
                  min={1}
                  max={80}
                  value={b.auto.pitch}
                  addonAfter="°"
                  data-testid="auto-pitch"
                  onChange={(v) => typeof v === 'number' && b.auto && editor.change((d) => setAutoRoof(d, b.id, { ...b.auto!, pitch: v }), 'editor.history.setAutoRoof')}
                />
              </Form.Item>
            )}
          </Form>
        </Card>
      )}
      {obstacle && (
        <Card size="small" title={t(`editor.tool.${obstacle.kind}`)} data-testid="obstacle-card">
          <Form layout="vertical" size="small">
            <Form.Item label={t('editor.building.obstacleHeight')}>
              <InputNumber
                min={0.1}
                max={500}
                step={0.1}
                value={obstacle.height}
                addonAfter="m"
                data-testid="obstacle-height"
                onChange={(v) => typeof v === 'number' && v > 0 && editor.change((d) => updateObstacle(d, obstacle.id, { height: v }), 'editor.history.setObstacle')}
              />
            </Form.Item>
            <Button danger onClick={() => editor.command({ type: 'key.delete' })}>
              {t('editor.delete')}
            </Button>
          </Form>
        </Card>
      )}
      {errors.length > 0 && (
        <Card size="small" title={t('editor.building.errors')} data-testid="roof-errors">
          {errors.map((e, i) => (
            <Typography.Paragraph key={i} type="danger" style={{ marginBottom: 4 }}>
              {e.code}: {e.message}
            </Typography.Paragraph>
          ))}
        </Card>
      )}
      <Card size="small" title={t('editor.building.faces')}>
        <Table
          size="small"
          pagination={false}
          rowKey={(f) => `${f.buildingId}:${f.id}`}
          dataSource={faces}
          data-testid="faces-table"
          onRow={(f) => ({ onMouseEnter: () => onHoverFace({ kind: 'face', buildingId: f.buildingId, faceId: f.id }), onMouseLeave: () => onHoverFace(null) })}
          columns={[
            { title: t('editor.building.tilt'), dataIndex: 'tilt', render: (v: number) => `${v.toFixed(1)}°` },
            { title: t('editor.building.azimuth'), dataIndex: 'azimuth', render: (v: number, f) => (f.tilt < 0.05 ? '—' : `${azimuthToSouth(v).toFixed(1)}°`) },
            { title: t('editor.building.area'), dataIndex: 'area', render: (v: number) => `${v.toFixed(2)} m²` },
          ]}
        />
      </Card>
    </Space>
  );
}

/** The point-height tool's field: a height [m] for the point, or none (the engine works it out). */
function HeightField({ editor, z }: { editor: Editor; z: number | null }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(z);
  return (
    <Card size="small" title={t('editor.building.heightPrompt')} data-testid="height-field">
      <Space>
        <InputNumber autoFocus min={-100} max={500} step={0.1} value={value} onChange={(v) => setValue(typeof v === 'number' ? v : null)} addonAfter="m" data-testid="height-input" />
        <Button type="primary" onClick={() => editor.submitHeight(value ?? undefined)} data-testid="height-ok">
          {t('common.confirm')}
        </Button>
        <Button onClick={() => editor.submitHeight(undefined)}>{t('editor.building.clearHeight')}</Button>
      </Space>
    </Card>
  );
}
