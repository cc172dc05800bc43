// The PVsyst-style loss diagram of the report (issue 17): the nominal energy, each loss line with its
// share of the nominal and of the energy reaching it and a bar of its size, the AC energy at the
// bottom; lines the simulation did not apply (0 kWh) are left out. The line names are the Electrical
// step's (electrical.loss.*).
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportModel } from '../../../model/report.ts';
import { thousands } from '../../format.ts';
import { lossRows, visibleLossRows } from './report-figures.ts';

const GAIN = '#2fa36b';
const LOSS = '#436cf5';

export function LossDiagram({ energy }: { energy: NonNullable<ReportModel['energy']> }) {
  const { t } = useTranslation();
  const all = lossRows(energy);
  const rows = visibleLossRows(all.rows);
  const residualKwh = all.residualKwh;
  const largest = Math.max(1e-9, ...rows.map((r) => (r.kind === 'loss' ? Math.abs(r.percentOfNominal) : 0)));
  return (
    <Card title={t('report.section.losses')} data-testid="report-losses">
      <Flex vertical gap={6} style={{ maxWidth: 720 }}>
        {rows.map((r) =>
          r.kind === 'loss' ? (
            <div key={r.name} data-testid="report-loss-row" data-name={r.name} data-kwh={r.kwh} data-percent={r.percentOfNominal}>
              <Flex justify="space-between" gap={8}>
                <span>{t(`electrical.loss.${r.name}`)}</span>
                <span style={{ whiteSpace: 'nowrap' }}>
                  {r.kwh >= 0 ? '−' : '+'}
                  {thousands(Math.abs(r.kwh), 0)} kWh · {thousands(Math.abs(r.percentOfNominal), 2)} % {t('report.loss.ofNominal')} · {thousands(Math.abs(r.percentOfStage), 2)} % {t('report.loss.ofStage')}
                </span>
              </Flex>
              <div style={{ height: 4, width: `${(100 * Math.abs(r.percentOfNominal)) / largest}%`, background: r.kwh >= 0 ? LOSS : GAIN, opacity: 0.75 }} />
            </div>
          ) : (
            <Flex key={r.kind} justify="space-between" data-testid={`report-loss-${r.kind}`} data-kwh={r.kwh}>
              <Typography.Text strong>{r.kind === 'nominal' ? t('report.loss.nominal') : t('report.loss.delivered')}</Typography.Text>
              <Typography.Text strong>
                {thousands(r.kwh, 0)} kWh{r.kind === 'ac' ? ` · ${thousands(r.percentOfNominal, 1)} %` : ''}
              </Typography.Text>
            </Flex>
          ),
        )}
        {Math.abs(residualKwh) > Math.max(1, 1e-3 * energy.nominalKwh) && (
          <Typography.Text type="secondary">{t('report.loss.unclosed', { kwh: thousands(residualKwh, 0) })}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
