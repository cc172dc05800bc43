// The report's key figures (issue 17: kWp, kWh, kWh/kWp, PR, self-consumption, NPV, IRR, payback,
// CO₂): each in its unit, '—' when the step that makes it has not run, with a link to that step (in
// the Report step; the share page has no steps). Each carries its value in data-value (the end-to-end
// test compares them with the model).
import { Button, Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportModel } from '../../../model/report.ts';
import type { StepName } from '../../app/paths.ts';
import { thousands } from '../../format.ts';
import { keyFigures } from './report-figures.ts';

export function KeyFigures({ model, onGoStep }: { model: ReportModel; onGoStep?: (step: StepName) => void }) {
  const { t } = useTranslation();
  const unit = (u: string) => (u === 'wan' ? t('report.unit.wan') : u === 'years' ? t('report.unit.years') : u === 't' ? t('report.unit.t') : u);
  return (
    <Card data-testid="report-figures">
      <Row gutter={[16, 16]}>
        {keyFigures(model).map((f) => (
          <Col key={f.name} xs={12} md={8} xl={6} xxl={4}>
            <div data-testid={`report-figure-${f.name}`} data-value={f.value === null ? '' : f.value}>
              <Statistic title={t(`report.figure.${f.name}`)} value={f.value === null ? '—' : thousands(f.value, f.digits)} suffix={f.value === null ? undefined : unit(f.unit)} />
              {f.value === null && onGoStep && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onGoStep(f.step)} data-testid={`report-figure-${f.name}-go`}>
                  {t('report.goStep', { step: t(`setting.step.${f.step}`) })}
                </Button>
              )}
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
