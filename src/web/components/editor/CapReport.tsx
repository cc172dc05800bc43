// What 'Place on all faces' did under the capacity cap (issue 18): how the faces were ranked (their
// annual irradiation per kWp on the project's weather, or the orientation proxy) and which faces the
// cap left empty or only partly filled (editor/layout/place-by-yield.ts).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RankedPlacement } from '../../editor/layout/place-by-yield.ts';
import type { RoofFace } from '../../editor/layout/faces.ts';
import { faceLabel } from './face-label.ts';

export interface CapReportValue {
  readonly ranking: RankedPlacement['ranking'];
  /** The weather's name; null: the rough estimate. */
  readonly source: string | null;
  readonly left: readonly { face: RoofFace; count: number }[];
  readonly partial: readonly { face: RoofFace; count: number }[];
}

/** The report of a placement, or null when the cap did not stop it. */
export function capReportOf(r: RankedPlacement): CapReportValue | null {
  if (r.shortfall === null || (r.shortfall.left.length === 0 && r.shortfall.partial.length === 0)) return null;
  const byKey = new Map(r.order.map((f) => [`${f.buildingId}:${f.face.id}`, f]));
  const faces = (list: typeof r.shortfall.left) => list.flatMap((p) => (byKey.has(`${p.buildingId}:${p.faceId}`) ? [{ face: byKey.get(`${p.buildingId}:${p.faceId}`)!, count: p.count }] : []));
  return { ranking: r.ranking, source: r.weather && !r.weather.estimate ? r.weather.name : null, left: faces(r.shortfall.left), partial: faces(r.shortfall.partial) };
}

export function CapReport({ report }: { report: CapReportValue }) {
  const { t } = useTranslation();
  const names = (list: CapReportValue['left'], counts: boolean) =>
    list.map((x) => (counts ? t('placeOrder.faceCount', { face: faceLabel(t, x.face.face), count: x.count }) : faceLabel(t, x.face.face))).join(t('placeOrder.separator'));
  return (
    <Alert
      style={{ marginTop: 8 }}
      type="info"
      showIcon
      data-testid="cap-report"
      message={report.ranking === 'weather' ? t('placeOrder.rankedWeather', { source: report.source ?? t('placeOrder.weatherEstimate') }) : t('placeOrder.rankedProxy')}
      description={
        <>
          {report.left.length > 0 && <div data-testid="cap-report-left">{t('placeOrder.left', { faces: names(report.left, false) })}</div>}
          {report.partial.length > 0 && <div data-testid="cap-report-partial">{t('placeOrder.partial', { faces: names(report.partial, true) })}</div>}
        </>
      }
    />
  );
}
