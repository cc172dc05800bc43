// The inverter form's efficiency curves (spec 001 §3 "efficiency-curve-included flag … efficiency and
// power at Vmin, Vnom and Vmax"): up to three curves, each a DC voltage and its points (DC power,
// efficiency), rows added and removed; the schema's messages under the fields (at most 3 curves,
// points in increasing power, 0–999999, 0–100 %).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, InputNumber, Row, Space } from 'antd';
import { Controller, useFieldArray, useFormState, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InverterIn } from '../../../model/equipment-inverter.ts';
import { numberText, useLibraryMessage } from './LibraryFields.tsx';

type Values = InverterIn;

/** The error message at a path of the form's errors, if any. */
function errorAt(errors: unknown, path: (string | number)[]): string | undefined {
  let e: unknown = errors;
  for (const k of path) {
    if (e === null || typeof e !== 'object') return undefined;
    e = (e as Record<string | number, unknown>)[k];
  }
  if (e && typeof e === 'object') {
    const m = (e as { message?: unknown; root?: { message?: unknown } }).message ?? (e as { root?: { message?: unknown } }).root?.message;
    return typeof m === 'string' ? m : undefined;
  }
  return undefined;
}

function NumberCell({ control, name, testId }: { control: Control<Values>; name: FieldPath<Values>; testId: string }) {
  const translate = useLibraryMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item style={{ marginBottom: 8 }} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error ? translate(fieldState.error.message) : undefined}>
          <InputNumber ref={field.ref} value={typeof field.value === 'number' ? field.value : null} onChange={(v) => field.onChange(v ?? null)} formatter={numberText} style={{ width: '100%' }} data-testid={testId} />
        </Form.Item>
      )}
    />
  );
}

function CurvePoints({ control, index }: { control: Control<Values>; index: number }) {
  const { t } = useTranslation();
  const translate = useLibraryMessage();
  const { errors } = useFormState({ control });
  const points = useFieldArray({ control, name: `efficiencyCurves.${index}.points` });
  const listError = errorAt(errors, ['efficiencyCurves', index, 'points']);
  return (
    <>
      <Row gutter={8} style={{ fontSize: 12, color: '#5c6270' }}>
        <Col span={11}>{t('library.curvesEditor.dcPower')}</Col>
        <Col span={10}>{t('library.curvesEditor.efficiency')}</Col>
      </Row>
      {points.fields.map((p, k) => (
        <Row gutter={8} key={p.id}>
          <Col span={11}>
            <NumberCell control={control} name={`efficiencyCurves.${index}.points.${k}.dcPower`} testId={`curve-${index}-point-${k}-dcPower`} />
          </Col>
          <Col span={10}>
            <NumberCell control={control} name={`efficiencyCurves.${index}.points.${k}.efficiency`} testId={`curve-${index}-point-${k}-efficiency`} />
          </Col>
          <Col span={3}>
            <Button type="text" icon={<DeleteOutlined />} aria-label={t('library.curvesEditor.removePoint')} onClick={() => points.remove(k)} />
          </Col>
        </Row>
      ))}
      {listError && <div style={{ color: '#ff4d4f', marginBottom: 8 }}>{translate(listError)}</div>}
      <Button size="small" icon={<PlusOutlined />} onClick={() => points.append({ dcPower: null, efficiency: null } as never)}>
        {t('library.curvesEditor.addPoint')}
      </Button>
    </>
  );
}

export function EfficiencyCurvesEditor({ control }: { control: Control<Values> }) {
  const { t } = useTranslation();
  const translate = useLibraryMessage();
  const { errors } = useFormState({ control });
  const curves = useFieldArray({ control, name: 'efficiencyCurves' });
  const listError = errorAt(errors, ['efficiencyCurves']);
  return (
    <div data-testid="inverter-curves-editor">
      <Row gutter={12}>
        {curves.fields.map((c, k) => (
          <Col key={c.id} xs={24} md={8}>
            <Card
              size="small"
              title={t('library.curvesEditor.curve', { n: k + 1 })}
              extra={<Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('library.curvesEditor.removeCurve')} onClick={() => curves.remove(k)} />}
              style={{ marginBottom: 12 }}
            >
              <div style={{ fontSize: 12, color: '#5c6270' }}>{t('library.curvesEditor.dcVoltage')}</div>
              <NumberCell control={control} name={`efficiencyCurves.${k}.dcVoltage`} testId={`curve-${k}-dcVoltage`} />
              <CurvePoints control={control} index={k} />
            </Card>
          </Col>
        ))}
      </Row>
      {listError && (
        <div style={{ color: '#ff4d4f', marginBottom: 8 }} data-testid="error-efficiencyCurves">
          {translate(listError)}
        </div>
      )}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={curves.fields.length >= 3}
          onClick={() => curves.append({ dcVoltage: null, points: [{ dcPower: null }, { dcPower: null }] } as never)}
          data-testid="inverter-add-curve"
        >
          {t('library.curvesEditor.addCurve')}
        </Button>
      </Space>
    </div>
  );
}
