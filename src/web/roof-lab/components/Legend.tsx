// The azimuth colour wheel (north up, clockwise), drawn from the same function as the faces.
import { faceCss, legendGradient } from '../colours.ts';
import { t } from '../i18n.ts';

export function Legend() {
  return (
    <div className="legend" data-testid="legend">
      <div className="legend-title">{t('legend.title')}</div>
      <div className="legend-wheel" style={{ background: legendGradient() }}>
        <span className="lg-n">{t('legend.N')}</span>
        <span className="lg-e">{t('legend.E')}</span>
        <span className="lg-s">{t('legend.S')}</span>
        <span className="lg-w">{t('legend.W')}</span>
        <div className="legend-hole" />
      </div>
      <div className="legend-flat">
        <i style={{ background: faceCss(180, 0) }} />
        {t('legend.flat')}
      </div>
    </div>
  );
}
