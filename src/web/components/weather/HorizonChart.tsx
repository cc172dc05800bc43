// A site's horizon profile (filled) with the sun paths over it: the Sun's apparent elevation by
// compass azimuth on the 21st of each month, the solstices and the equinoxes drawn out. SVG, no chart
// library. The azimuth axis is centred on the equator-facing direction (south for a northern site,
// north for a southern one), so that the midday Sun sits in the middle of the chart.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HorizonProfile } from '../../../model/horizon.ts';
import { horizonLine, monthlySunPaths, pathRuns } from './sun-paths.ts';

export interface HorizonChartProps {
  /** Pairs [azimuth [°] clockwise from north, horizon elevation [°]]. */
  profile: HorizonProfile;
  /** Site latitude [°], north positive. */
  latitude: number;
  /** Site longitude [°], east positive. */
  longitude: number;
  /** [px]; default 260. */
  height?: number;
  /** [px]; default 640. */
  width?: number;
  /** Year of the sun paths; default 2025 (the paths barely change from year to year). */
  year?: number;
}

const MARGIN = { left: 40, right: 12, top: 14, bottom: 30 };
const COLOURS = { horizon: '#8c6d46', june: '#f5a623', december: '#436cf5', equinox: '#2fa36b', other: '#b8bcc6', grid: '#e6e8ee', axis: '#5c6270' };

/** Compass key of an azimuth that is a multiple of 90°. */
const COMPASS = ['north', 'east', 'south', 'west'] as const;

export function HorizonChart({ profile, latitude, longitude, height = 260, width = 640, year = 2025 }: HorizonChartProps) {
  const { t } = useTranslation();
  // the chart's left edge: north for a northern site (N E S W N), south for a southern one (S W N E S)
  const left = latitude >= 0 ? 0 : 180;
  const paths = useMemo(() => monthlySunPaths(latitude, longitude, year), [latitude, longitude, year]);
  const line = useMemo(() => horizonLine(profile, left), [profile, left]);

  const yMin = Math.min(0, Math.floor(Math.min(...line.map((p) => p[1])) / 5) * 5);
  const yMax = 90;
  const plotW = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  const x = (az: number) => MARGIN.left + ((az - left) / 360) * plotW;
  const y = (el: number) => MARGIN.top + ((yMax - el) / (yMax - yMin)) * plotH;
  const pts = (run: readonly (readonly [number, number])[]) => run.map(([a, e]) => `${x(a).toFixed(1)},${y(e).toFixed(1)}`).join(' ');

  const area = `${x(left).toFixed(1)},${y(yMin).toFixed(1)} ${pts(line)} ${x(left + 360).toFixed(1)},${y(yMin).toFixed(1)}`;
  const style = (month: number) =>
    month === 6
      ? { stroke: COLOURS.june, width: 2 }
      : month === 12
        ? { stroke: COLOURS.december, width: 2 }
        : month === 3 || month === 9
          ? { stroke: COLOURS.equinox, width: 1.5 }
          : { stroke: COLOURS.other, width: 1 };
  const legend = [
    { colour: COLOURS.june, text: t('weather.horizon.june', { defaultValue: '21 June' }) },
    { colour: COLOURS.december, text: t('weather.horizon.december', { defaultValue: '21 December' }) },
    { colour: COLOURS.equinox, text: t('weather.horizon.equinox', { defaultValue: '21 March / 21 September' }) },
    { colour: COLOURS.other, text: t('weather.horizon.otherMonths', { defaultValue: 'Other months, 21st' }) },
    { colour: COLOURS.horizon, text: t('weather.horizon.profile', { defaultValue: 'Horizon' }) },
  ];
  const compass = {
    north: t('weather.horizon.north', { defaultValue: 'N' }),
    east: t('weather.horizon.east', { defaultValue: 'E' }),
    south: t('weather.horizon.south', { defaultValue: 'S' }),
    west: t('weather.horizon.west', { defaultValue: 'W' }),
  };
  const title = t('weather.horizon.chartTitle', { defaultValue: 'Horizon and sun paths' });

  return (
    <div>
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <title>{title}</title>
      {/* grid: every 15° of elevation, every 45° of azimuth */}
      {Array.from({ length: Math.floor((yMax - yMin) / 15) + 1 }, (_, k) => yMax - k * 15).map((el) => (
        <g key={`el${el}`}>
          <line x1={x(left)} x2={x(left + 360)} y1={y(el)} y2={y(el)} stroke={COLOURS.grid} />
          <text x={MARGIN.left - 6} y={y(el) + 4} fontSize={10} textAnchor="end" fill={COLOURS.axis}>
            {el}
          </text>
        </g>
      ))}
      {Array.from({ length: 9 }, (_, k) => left + k * 45).map((az) => (
        <g key={`az${az}`}>
          <line x1={x(az)} x2={x(az)} y1={y(yMax)} y2={y(yMin)} stroke={COLOURS.grid} />
          <text x={x(az)} y={y(yMin) + 14} fontSize={10} textAnchor="middle" fill={COLOURS.axis}>
            {az % 90 === 0 ? compass[COMPASS[(az % 360) / 90]] : `${az % 360}°`}
          </text>
        </g>
      ))}
      {paths.map((path) => {
        const s = style(path.month);
        return pathRuns(path.points, left).map((run, k) => (
          <polyline key={`m${path.month}-${k}`} points={pts(run)} fill="none" stroke={s.stroke} strokeWidth={s.width} />
        ));
      })}
      <polygon points={area} fill={COLOURS.horizon} fillOpacity={0.55} stroke={COLOURS.horizon} strokeWidth={1} />
      <line x1={x(left)} x2={x(left + 360)} y1={y(0)} y2={y(0)} stroke={COLOURS.axis} />
      <text x={12} y={MARGIN.top + plotH / 2} fontSize={10} fill={COLOURS.axis} textAnchor="middle" transform={`rotate(-90 12 ${MARGIN.top + plotH / 2})`}>
        {t('weather.horizon.elevation', { defaultValue: 'Elevation (°)' })}
      </text>
      <text x={MARGIN.left + plotW / 2} y={height - 4} fontSize={10} fill={COLOURS.axis} textAnchor="middle">
        {t('weather.horizon.azimuth', { defaultValue: 'Azimuth (°)' })}
      </text>
    </svg>
      {/* The legend wraps as HTML: its texts (zh or en) never overlap at any width. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 16px', paddingLeft: MARGIN.left, fontSize: 11, color: COLOURS.axis }}>
        {legend.map((item) => (
          <span key={item.colour} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <span style={{ display: 'inline-block', width: 12, height: 8, background: item.colour }} />
            {item.text}
          </span>
        ))}
      </div>
    </div>
  );
}
