// The engine's errors by code, with its message and the ids it names (highlighted on the plan).
import type { RoofErrorOut } from '../../../model/index.ts';
import { shortId } from '../format.ts';
import { t, type MessageKey } from '../i18n.ts';

export interface ErrorListProps {
  errors: readonly RoofErrorOut[];
  /** A thrown failure (invalid input, engine not loaded). */
  failure: string | null;
}

export function ErrorList({ errors, failure }: ErrorListProps) {
  if (errors.length === 0 && !failure) {
    return (
      <p className="ok" data-testid="error-list" data-count={0}>
        <span className="ok-dot" aria-hidden /> {t('errors.none')}
      </p>
    );
  }
  return (
    <ul className="errors" data-testid="error-list" data-count={errors.length + (failure ? 1 : 0)}>
      {failure && (
        <li data-testid="error-item" data-code="ENGINE">
          <span className="code">ENGINE</span>
          <span className="msg">{failure}</span>
        </li>
      )}
      {errors.map((e, i) => (
        <li key={`${e.code}-${i}`} data-testid="error-item" data-code={e.code} data-ids={e.ids.join(' ')}>
          <span className="code">{e.code}</span>
          <span className="label">{t(`error.${e.code}` as MessageKey)}</span>
          {e.message && <span className="msg">{e.message}</span>}
          {e.ids.length > 0 && (
            <span className="ids" title={e.ids.join(', ')}>
              {t('errors.ids')}: {e.ids.slice(0, 6).map(shortId).join(', ')}
              {e.ids.length > 6 ? ` +${e.ids.length - 6}` : ''}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
