// The Electrical step's toolbar: the wiring mode (spec 001 §4: automatic — the server's strings,
// shown; manual — edited by hand on the plan), and undo / redo of the step's history with their
// lists (at most 20 entries each, spec 000 §9; editor/electrical/wiring-editor.ts).
import { Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { setMode } from '../../editor/electrical/wiring.ts';
import type { ElectricalState } from '../../hooks/useElectrical.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { HistoryButton } from '../editor/EditorToolbar.tsx';

export const MODE_LABEL = 'electrical.history.mode';

export function WiringToolbar({ state }: { state: ElectricalState }) {
  const { t } = useTranslation();
  const { editor, snapshot } = state;
  const h = snapshot.history;
  const config = snapshot.committed.config;
  const label = (key: string) => t(key as MessageKey);
  return (
    <Space wrap className="pv-editor-toolbar" data-testid="wiring-toolbar">
      <Segmented
        value={config?.mode ?? 'auto'}
        disabled={config === null}
        onChange={(v) => editor.change((d) => setMode(d, v as 'auto' | 'manual'), MODE_LABEL)}
        options={[
          { value: 'auto', label: t('electrical.mode.auto') },
          { value: 'manual', label: t('electrical.mode.manual') },
        ]}
        data-testid="wiring-mode"
      />
      <HistoryButton label={t('editor.undo')} enabled={h.canUndo} onClick={() => editor.undo()} entries={h.undo} onPick={(i) => editor.goTo(i)} label2={label} testId="wiring-undo" />
      <HistoryButton label={t('editor.redo')} enabled={h.canRedo} onClick={() => editor.redo()} entries={h.redo} onPick={(i) => editor.goTo(i)} label2={label} testId="wiring-redo" />
    </Space>
  );
}
