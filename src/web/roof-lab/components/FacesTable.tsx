// The roof faces returned by the engine: tilt, azimuth (compass and installer convention), areas.
// Each row carries the unrounded values in data attributes for tests and tooling.
import type { FaceOut } from '../../../model/index.ts';
import { faceCss } from '../colours.ts';
import { fixed, installerAzimuth, shortId } from '../format.ts';
import { t } from '../i18n.ts';

export interface FacesTableProps {
  faces: readonly FaceOut[];
  onHover(id: string | null): void;
}

export function FacesTable({ faces, onHover }: FacesTableProps) {
  if (faces.length === 0) {
    return (
      <p className="empty" data-testid="faces-empty">
        {t('faces.empty')}
      </p>
    );
  }
  const area = faces.reduce((s, f) => s + f.area, 0);
  const planArea = faces.reduce((s, f) => s + f.planArea, 0);
  return (
    <table className="faces" data-testid="faces-table">
      <thead>
        <tr>
          <th>{t('faces.id')}</th>
          <th className="num">{t('faces.tilt')}</th>
          <th className="num">{t('faces.azimuth')}</th>
          <th className="num" title={t('faces.azimuthInstaller.tip')}>
            {t('faces.azimuthInstaller')}
          </th>
          <th className="num">{t('faces.area')}</th>
          <th className="num">{t('faces.planArea')}</th>
        </tr>
      </thead>
      <tbody>
        {faces.map((f) => {
          const flat = f.tilt < 0.5;
          return (
            <tr
              key={f.id}
              data-testid="face-row"
              data-face-id={f.id}
              data-tilt={f.tilt}
              data-azimuth={f.azimuth}
              data-area={f.area}
              data-plan-area={f.planArea}
              onMouseEnter={() => onHover(f.id)}
              onMouseLeave={() => onHover(null)}
            >
              <td title={f.id}>
                <i className="swatch" style={{ background: faceCss(f.azimuth, f.tilt) }} />
                <code>{shortId(f.id)}</code>
              </td>
              <td className="num" data-testid="face-tilt">{fixed(f.tilt, 1)}</td>
              <td className="num" data-testid="face-azimuth">{flat ? '—' : fixed(f.azimuth, 1)}</td>
              <td className="num" data-testid="face-azimuth-installer">{flat ? '—' : fixed(installerAzimuth(f.azimuth), 1)}</td>
              <td className="num" data-testid="face-area">{fixed(f.area, 2)}</td>
              <td className="num" data-testid="face-plan-area">{fixed(f.planArea, 2)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <td>
            {t('faces.total')} · {faces.length}
          </td>
          <td />
          <td />
          <td />
          <td className="num" data-testid="faces-total-area">{fixed(area, 2)}</td>
          <td className="num">{fixed(planArea, 2)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
