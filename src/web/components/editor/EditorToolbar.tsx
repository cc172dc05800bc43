// The editor's toolbar: the step's tools (with their keys), undo / redo with the history lists
// (at most 20 entries each, spec 000 §9), 2D / 3D, and the map under the plan.
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Segmented, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Editor, EditorSnapshot } from '../../editor/Editor.ts';
import { TOOL_KEYS } from '../../editor/keys.ts';
import type { BaseKind } from '../../editor/map/styles.ts';
import type { ToolName } from '../../editor/tools/registry.ts';
import type { MessageKey } from '../../i18n/index.ts';

const KEY_OF: Partial<Record<ToolName, string>> = Object.fromEntries(Object.entries(TOOL_KEYS).map(([k, tool]) => [tool, k.toUpperCase()]));

export interface EditorToolbarProps {
  editor: Editor;
  snapshot: EditorSnapshot;
  tools: readonly ToolName[];
  mode: '2d' | '3d';
  onMode: (m: '2d' | '3d') => void;
  base?: BaseKind;
  onBase?: (b: BaseKind) => void;
  /**
   * Whether satellite imagery is usable (the user's setting or the server's default) / the project has
   * a drone orthophoto. Satellite stays selectable without it: the map then says why and how to set it up.
   */
  satellite?: boolean;
  /** The satellite option's label naming the imagery (e.g. "Satellite: Tianditu"). */
  satelliteLabel?: string;
  orthophoto?: boolean;
  extra?: React.ReactNode;
}

/** Undo or redo: one step on click, or back/forward to an entry of its list (spec 000 §9). */
export function HistoryButton(props: {
  label: string;
  enabled: boolean;
  onClick: () => void;
  entries: readonly { index: number; label: string }[];
  onPick: (index: number) => void;
  label2: (key: string) => string;
  testId: string;
}) {
  const { label, enabled, onClick, entries, onPick, label2, testId } = props;
  return (
    <Space.Compact data-testid={testId}>
      <Button disabled={!enabled} onClick={onClick}>
        {label}
      </Button>
      <Dropdown disabled={!enabled} menu={{ items: entries.map((o) => ({ key: String(o.index), label: label2(o.label) })), onClick: (e) => onPick(Number(e.key)) }}>
        <Button disabled={!enabled} icon={<DownOutlined />} data-testid={`${testId}-list`} />
      </Dropdown>
    </Space.Compact>
  );
}

export function EditorToolbar(props: EditorToolbarProps) {
  const { editor, snapshot, tools, mode, onMode, base, onBase, satellite = false, satelliteLabel, orthophoto = false, extra } = props;
  const { t } = useTranslation();
  const h = snapshot.history;
  const label = (key: string) => t(key as MessageKey);
  return (
    <Space wrap className="pv-editor-toolbar" data-testid="editor-toolbar">
      <Space.Compact>
        {tools.map((tool) => (
          <Tooltip key={tool} title={KEY_OF[tool] ? `${label(`editor.tool.${tool}`)} (${KEY_OF[tool]})` : label(`editor.tool.${tool}`)}>
            <Button type={snapshot.tool === tool ? 'primary' : 'default'} onClick={() => editor.setTool(tool)} data-testid={`tool-${tool}`} aria-pressed={snapshot.tool === tool}>
              {label(`editor.tool.${tool}`)}
            </Button>
          </Tooltip>
        ))}
      </Space.Compact>
      <HistoryButton label={t('editor.undo')} enabled={h.canUndo} onClick={() => editor.undo()} entries={h.undo} onPick={(i) => editor.goTo(i)} label2={label} testId="undo" />
      <HistoryButton label={t('editor.redo')} enabled={h.canRedo} onClick={() => editor.redo()} entries={h.redo} onPick={(i) => editor.goTo(i)} label2={label} testId="redo" />
      <Segmented
        value={mode}
        onChange={(v) => onMode(v as '2d' | '3d')}
        options={[
          { value: '2d', label: t('editor.view.plan') },
          { value: '3d', label: t('editor.view.three') },
        ]}
        data-testid="view-mode"
      />
      {base && onBase && (
        <Select
          value={base}
          onChange={onBase}
          style={{ minWidth: 150 }}
          data-testid="base-map"
          options={[
            { value: 'offline', label: t('editor.map.offline') },
            { value: 'satellite', label: satellite ? (satelliteLabel ?? t('editor.map.satellite')) : `${t('editor.map.satellite')} …` },
            { value: 'orthophoto', label: t('editor.map.orthophoto'), disabled: !orthophoto },
          ]}
        />
      )}
      {extra}
    </Space>
  );
}
