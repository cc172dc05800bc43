// The lab's toolbar: drawing tools, history, roof type (drawn or automatic) with pitch, ridge
// azimuth and eave height. Everything it changes goes through `send` (the editor's reducer).
import { useEffect, useState } from 'react';
import { autoRoofTypes, type AutoRoofType } from '../../../model/index.ts';
import { DEFAULT_PITCH, type RoofDocument } from '../document.ts';
import { t, type MessageKey } from '../i18n.ts';
import { canRedo, canUndo, type EditorEvent, type EditorState, type ToolName } from '../tools.ts';
import { Icon, type IconName } from './Icon.tsx';
import { NumberField } from './NumberField.tsx';

export interface ToolbarProps {
  state: EditorState;
  doc: RoofDocument;
  send(e: EditorEvent): void;
  onFit(): void;
}

const TOOLS: { name: ToolName; label: MessageKey; tip: MessageKey; icon: IconName }[] = [
  { name: 'outline', label: 'tool.outline', tip: 'tool.outline.tip', icon: 'outline' },
  { name: 'line', label: 'tool.line', tip: 'tool.line.tip', icon: 'line' },
  { name: 'select', label: 'tool.select', tip: 'tool.select.tip', icon: 'select' },
];

const ROOF_LABEL: Record<AutoRoofType, MessageKey> = { hip: 'roof.hip', gable: 'roof.gable', shed: 'roof.shed', flat: 'roof.flat' };

export function Toolbar({ state, doc, send, onFit }: ToolbarProps) {
  // Pitch and ridge azimuth are remembered while the drawn roof is shown.
  const [pitch, setPitch] = useState(doc.auto?.pitch ?? DEFAULT_PITCH);
  const [ridge, setRidge] = useState<number | undefined>(doc.auto?.ridgeAzimuth);
  useEffect(() => {
    if (doc.auto) {
      setPitch(doc.auto.pitch);
      setRidge(doc.auto.ridgeAzimuth);
    }
  }, [doc.auto]);

  const setAuto = (type: AutoRoofType | null, p = pitch, r = ridge) =>
    send({ type: 'roof.setAuto', auto: type === null ? null : r === undefined ? { type, pitch: p } : { type, pitch: p, ridgeAzimuth: r } });

  const mode = doc.auto?.type ?? null;
  const usesPitch = mode !== null && mode !== 'flat';
  const usesRidge = mode === 'gable' || mode === 'shed';

  return (
    <div className="toolbar" role="toolbar" data-testid="toolbar">
      <div className="tb-group" aria-label={t('tool.group')}>
        {TOOLS.map((tool) => (
          <button
            key={tool.name}
            type="button"
            className={`tb-btn${state.tool.name === tool.name ? ' active' : ''}`}
            data-testid={`tool-${tool.name}`}
            title={t(tool.tip)}
            aria-pressed={state.tool.name === tool.name}
            disabled={tool.name === 'outline' && doc.closed}
            onClick={() => send({ type: 'tool.select', tool: tool.name })}
          >
            <Icon name={tool.icon} />
            {t(tool.label)}
          </button>
        ))}
      </div>
      <div className="tb-sep" />
      <div className="tb-group">
        <button type="button" className="tb-btn" data-testid="undo" title={t('action.undo.tip')} disabled={!canUndo(state.history)} onClick={() => send({ type: 'history.undo' })}>
          <Icon name="undo" />
          {t('action.undo')}
        </button>
        <button type="button" className="tb-btn" data-testid="redo" title={t('action.redo.tip')} disabled={!canRedo(state.history)} onClick={() => send({ type: 'history.redo' })}>
          <Icon name="redo" />
          {t('action.redo')}
        </button>
        <button type="button" className="tb-btn" data-testid="clear" title={t('action.clear.tip')} disabled={doc.outline.length === 0} onClick={() => send({ type: 'doc.clear' })}>
          <Icon name="clear" />
          {t('action.clear')}
        </button>
        <button type="button" className="tb-btn" data-testid="fit" title={t('action.fit.tip')} onClick={onFit}>
          <Icon name="fit" />
          {t('action.fit')}
        </button>
        <label className="tb-check">
          <input type="checkbox" data-testid="grid-snap" checked={state.gridSnap} onChange={() => send({ type: 'grid.toggle' })} />
          {t('grid.snap')}
        </label>
      </div>
      <div className="tb-sep" />
      <div className="tb-group" aria-label={t('roof.group')}>
        <span className="tb-title">{t('roof.group')}</span>
        <div className="segmented">
          <button type="button" className={mode === null ? 'active' : ''} data-testid="roof-mode-manual" aria-pressed={mode === null} onClick={() => setAuto(null)}>
            {t('roof.manual')}
          </button>
          {autoRoofTypes.map((type) => (
            <button key={type} type="button" className={mode === type ? 'active' : ''} data-testid={`roof-mode-${type}`} aria-pressed={mode === type} onClick={() => setAuto(type)}>
              {t(ROOF_LABEL[type])}
            </button>
          ))}
        </div>
        <NumberField
          label={t('roof.pitch')}
          testId="pitch-input"
          value={pitch}
          min={0}
          max={75}
          step={1}
          width={64}
          disabled={!usesPitch}
          onCommit={(v) => {
            if (v === undefined) return;
            setPitch(v);
            if (mode) setAuto(mode, v);
          }}
        />
        <NumberField
          label={t('roof.ridgeAzimuth')}
          testId="ridge-azimuth-input"
          value={ridge}
          min={0}
          max={360}
          step={5}
          width={72}
          allowEmpty
          placeholder={t('roof.auto')}
          disabled={!usesRidge}
          onCommit={(v) => {
            setRidge(v);
            if (mode) setAuto(mode, pitch, v);
          }}
        />
      </div>
      <div className="tb-sep" />
      <div className="tb-group">
        <NumberField
          label={t('roof.eave')}
          testId="eave-input"
          value={doc.eaveHeight}
          min={0}
          max={500}
          step={0.5}
          width={64}
          onCommit={(v) => v !== undefined && send({ type: 'roof.setEave', height: v })}
        />
      </div>
    </div>
  );
}
