// The heat map's legend: the colour ramp over the scale fitted to the run's values (its least loss on
// the left, its largest on the right: editor/shade/heat-scale.ts), five labelled stops.
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { heatLegend, heatLegendGradient, rgbCss, heatRgb } from '../../editor/render/heat-colours.ts';
import type { HeatScale } from '../../editor/shade/heat-scale.ts';
import { pct } from './ShadeDetailTable.tsx';

export function HeatLegend({ scale }: { scale: HeatScale }) {
  const { t } = useTranslation();
  const same = !(scale.max > scale.min);
  return (
    <div data-testid="heat-legend" data-min={scale.min} data-max={scale.max}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {same ? t('shadeDetail.legendSame', { value: pct(scale.min) }) : t('shadeDetail.legend')}
      </Typography.Text>
      <div style={{ height: 12, borderRadius: 4, marginTop: 4, background: same ? rgbCss(heatRgb(scale.min, scale.max, scale.min)) : heatLegendGradient(scale.max, 10, scale.min) }} />
      {!same && (
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          {heatLegend(scale.max, 5, scale.min).map((s) => (
            <Typography.Text key={s.loss} type="secondary" style={{ fontSize: 12 }} data-testid="heat-legend-stop">
              {pct(s.loss)}
            </Typography.Text>
          ))}
        </Space>
      )}
    </div>
  );
}
