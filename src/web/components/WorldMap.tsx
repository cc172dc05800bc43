// The clickable world map of the Information step (a plain canvas: maplibre-gl is not installed).
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWorldMap, type WorldMapOptions } from '../hooks/useWorldMap.ts';

export function WorldMap(props: WorldMapOptions) {
  const { t } = useTranslation();
  const m = useWorldMap(props);
  return (
    <div>
      <canvas
        ref={m.canvas}
        width={props.width}
        height={props.height}
        className="pv-world-map"
        data-testid="world-map"
        data-lon={m.view.lon}
        data-lat={m.view.lat}
        data-scale={m.view.scale}
        onWheel={m.onWheel}
        onPointerDown={m.onPointerDown}
        onPointerMove={m.onPointerMove}
        onPointerUp={m.onPointerUp}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('setting.info.mapHint')}
        </Typography.Text>
        <Button size="small" type="link" onClick={m.reset}>
          {t('setting.info.mapReset')}
        </Button>
      </Flex>
    </div>
  );
}
