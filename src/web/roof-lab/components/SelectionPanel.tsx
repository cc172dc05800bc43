// The selected point (height z: explicit, or what the engine worked out) or line.
import type { RoofOutput } from '../../../model/index.ts';
import { findPoint, isOutlinePoint, type RoofDocument } from '../document.ts';
import { fixed, shortId } from '../format.ts';
import { t } from '../i18n.ts';
import type { EditorEvent, Selection } from '../tools.ts';
import { NumberField } from './NumberField.tsx';

export interface SelectionPanelProps {
  doc: RoofDocument;
  selection: Selection | null;
  output: RoofOutput | null;
  send(e: EditorEvent): void;
}

export function SelectionPanel({ doc, selection, output, send }: SelectionPanelProps) {
  if (!selection) return <p className="empty">{t('selection.none')}</p>;
  const remove = (
    <button type="button" className="btn-small danger" data-testid="delete-selection" onClick={() => send({ type: 'key.delete' })}>
      {t('action.delete')}
    </button>
  );
  if (selection.kind === 'line') {
    const l = doc.lines.find((q) => q.id === selection.id);
    if (!l) return null;
    return (
      <div className="selection" data-testid="selection-line">
        <div className="sel-head">
          <span>
            {t('selection.line')} <code title={l.id}>{shortId(l.id)}</code>
          </span>
          {remove}
        </div>
      </div>
    );
  }
  const p = findPoint(doc, selection.id);
  if (!p) return null;
  const computed = output?.points.find((q) => q.id === p.id);
  return (
    <div className="selection" data-testid="selection-point" data-point-id={p.id} data-x={p.x} data-y={p.y}>
      <div className="sel-head">
        <span>
          {t('selection.point')} <code title={p.id}>{shortId(p.id)}</code>
          <span className="muted">
            {' '}
            ({fixed(p.x, 2)}, {fixed(p.y, 2)}) m · {computed?.relation ?? (isOutlinePoint(doc, p.id) ? 'OUTER' : 'LINK')}
          </span>
        </span>
        {remove}
      </div>
      <div className="sel-row">
        <NumberField
          key={p.id}
          label={t('point.z')}
          testId="point-z-input"
          value={p.z}
          step={0.1}
          allowEmpty
          width={90}
          placeholder={computed?.z != null ? fixed(computed.z, 2) : ''}
          onCommit={(z) => send({ type: 'point.setZ', id: p.id, z })}
        />
        {computed && computed.z !== null && <span className="muted">{t('point.computed', { z: fixed(computed.z, 2) })}</span>}
        {p.z !== undefined && (
          <button type="button" className="btn-small" data-testid="point-z-auto" onClick={() => send({ type: 'point.setZ', id: p.id, z: undefined })}>
            {t('point.clearZ')}
          </button>
        )}
      </div>
    </div>
  );
}
