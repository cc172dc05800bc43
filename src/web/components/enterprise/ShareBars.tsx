// A list of labelled horizontal bars (the dashboard's province and personnel distributions, spec 001
// §2): each row's projects and capacity, the bar's length against the largest row.
import { Empty, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { thousands } from '../../format.ts';
import { percentOfLargest } from './shares.ts';

export interface ShareRow {
  key: string;
  label: string;
  projects: number;
  /** [kW] */
  capacity: number;
}

export function ShareBars({ rows, testId }: { rows: ShareRow[]; testId: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  const widths = percentOfLargest(rows.map((r) => r.projects));
  return (
    <div data-testid={testId}>
      {rows.map((r, i) => (
        <div key={r.key} data-testid={`${testId}-row`} style={{ marginBottom: 8 }}>
          <Flex justify="space-between">
            <Typography.Text ellipsis style={{ maxWidth: '60%' }}>
              {r.label}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('enterprise.home.projectsCount', { count: r.projects })} · {thousands(r.capacity)} kW
            </Typography.Text>
          </Flex>
          <Progress percent={widths[i]} showInfo={false} size="small" />
        </div>
      ))}
    </div>
  );
}
