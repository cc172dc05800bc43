// The report's electrical summary (issue 17): inverters, strings, modules per string, combiner boxes,
// DC/AC ratio, cable totals and losses, and the design checks (each with its value and limit).
import { Card, Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportModel } from '../../../model/report.ts';
import { thousands } from '../../format.ts';
import { electricalSummary } from './report-figures.ts';

export function ElectricalSummary({ model }: { model: ReportModel }) {
  const { t } = useTranslation();
  const s = electricalSummary(model);
  const e = model.electrical;
  return (
    <Card title={t('report.section.electrical')} data-testid="report-electrical" data-strings={s.strings} data-inverters={s.inverterCount}>
      {!e && s.strings === 0 ? (
        <Empty description={t('report.electrical.none')} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
            <Descriptions.Item label={t('report.electrical.inverters')}>
              {model.system.inverters.map((i) => `${i.manufacturer} ${i.model} × ${i.count}`).join('; ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('report.electrical.strings')}>{s.strings}</Descriptions.Item>
            <Descriptions.Item label={t('report.electrical.modulesPerString')}>
              {s.modulesPerString ? (s.modulesPerString.min === s.modulesPerString.max ? s.modulesPerString.min : `${s.modulesPerString.min}–${s.modulesPerString.max}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('report.electrical.combiners')}>{s.combiners}</Descriptions.Item>
            <Descriptions.Item label={t('report.system.dcAcRatio')}>{thousands(s.dcAcRatio, 2)}</Descriptions.Item>
            <Descriptions.Item label={t('report.electrical.checks')}>{t('report.electrical.checksResult', { passed: s.checksPassed, failed: s.checksFailed })}</Descriptions.Item>
            {s.cables && (
              <>
                <Descriptions.Item label={t('report.electrical.dcLength')}>{thousands(s.cables.dcLengthM, 1)} m</Descriptions.Item>
                <Descriptions.Item label={t('report.electrical.acLength')}>{thousands(s.cables.acLengthM, 1)} m</Descriptions.Item>
                <Descriptions.Item label={t('report.electrical.maxDrop')}>{thousands(s.cables.maxDropPercent, 2)} %</Descriptions.Item>
                <Descriptions.Item label={t('report.electrical.dcLoss')}>{thousands(s.cables.dcLossW, 0)} W</Descriptions.Item>
                <Descriptions.Item label={t('report.electrical.acLoss')}>{thousands(s.cables.acLossW, 0)} W</Descriptions.Item>
              </>
            )}
          </Descriptions>
          {e && e.inverters.length > 0 && (
            <Table
              style={{ marginTop: 12 }}
              size="small"
              pagination={false}
              rowKey={(r) => r.name}
              dataSource={e.inverters}
              columns={[
                { title: t('report.electrical.inverters'), dataIndex: 'name' },
                { title: t('report.system.module'), dataIndex: 'model' },
                { title: t('report.electrical.strings'), dataIndex: 'strings' },
                { title: 'kWp', dataIndex: 'dcKwp', render: (v: number) => thousands(v, 2) },
                { title: 'kWh', dataIndex: 'acKwh', render: (v: number | null) => thousands(v, 0) },
              ]}
            />
          )}
          {e && e.checks.length > 0 && (
            <Table
              style={{ marginTop: 12 }}
              size="small"
              pagination={false}
              rowKey={(r) => r.name}
              dataSource={e.checks}
              columns={[
                { title: t('report.electrical.checkName'), dataIndex: 'name' },
                { title: t('report.electrical.checkValue'), dataIndex: 'value' },
                { title: t('report.electrical.checkLimit'), dataIndex: 'limit' },
                { title: '', dataIndex: 'ok', render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? t('report.electrical.checkOk') : t('report.electrical.checkFail')}</Tag> },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
