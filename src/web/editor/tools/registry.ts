// The editor's tools by name, and how one is run: an XState actor over its machine, its emitted
// events forwarded to the editor, its overlay and state readable without knowing which machine it is.
import { createActor } from 'xstate';
import type { DesignObstacleKind } from '../../../model/design.ts';
import type { EditorOverlay } from '../contracts.ts';
import { moduleMachine, type ModuleToolInput } from './module.machine.ts';
import { moduleSelectMachine } from './moduleSelect.machine.ts';
import { obstacleMachine } from './obstacle.machine.ts';
import { outlineMachine } from './outline.machine.ts';
import { pointHeightMachine } from './pointHeight.machine.ts';
import { roofLineMachine } from './roofLine.machine.ts';
import { selectMachine } from './select.machine.ts';
import type { ToolEmitted, ToolEvent } from './types.ts';

export const OBSTACLE_TOOLS = ['box', 'cylinder', 'polygon', 'parapet', 'tree'] as const satisfies readonly DesignObstacleKind[];
export const TOOL_NAMES = ['select', 'outline', 'roofLine', 'pointHeight', ...OBSTACLE_TOOLS, 'module'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export function isObstacleTool(name: ToolName): name is (typeof OBSTACLE_TOOLS)[number] {
  return (OBSTACLE_TOOLS as readonly string[]).includes(name);
}

/** Settings a tool takes when it is chosen (the panel's values for what it creates). */
export interface ToolOptions {
  /** outline: eave height of new buildings [m]. */
  readonly eaveHeight?: number;
  /** obstacles: height, base height, parapet thickness, tree trunk height [m]. */
  readonly height?: number;
  readonly baseZ?: number;
  readonly thickness?: number;
  readonly trunkHeight?: number;
}

/**
 * Which document a step's tools edit: 'layout' (the PV layout step) leaves the building read-only —
 * Select there picks, boxes, moves and deletes modules (moduleSelect.machine.ts).
 */
export type EditTarget = 'building' | 'layout';

/**
 * The i18n key of a tool's instructions (the line under the toolbar: what to click, Enter to finish,
 * Escape to cancel); Select has its own in the PV layout step.
 */
export function toolHintKey(name: ToolName, target: EditTarget = 'building'): string {
  return name === 'select' && target === 'layout' ? 'editor.toolHint.selectModules' : `editor.toolHint.${name}`;
}

/** Everything any tool may read: the module tool's getters included. */
export type ToolEnvironment = ModuleToolInput;

/** A running tool, whichever machine it is. */
export interface RunningTool {
  readonly name: ToolName;
  send(event: ToolEvent): void;
  stop(): void;
  /** The machine's state value ('idle', 'drawing', 'dragging', …). */
  state(): string;
  overlay(): EditorOverlay;
}

/** What the registry needs of an actor (every tool actor has it). */
interface ToolActor {
  on(type: '*', handler: (e: ToolEmitted) => void): unknown;
  subscribe(observer: () => void): unknown;
  start(): unknown;
  stop(): unknown;
  send(event: ToolEvent): void;
  getSnapshot(): { value: unknown; context: { overlay: EditorOverlay } };
}

function run(name: ToolName, actor: ToolActor, onEmit: (e: ToolEmitted) => void, onChange: () => void): RunningTool {
  actor.on('*', onEmit);
  actor.subscribe(() => onChange());
  actor.start();
  return {
    name,
    send: (event) => actor.send(event),
    stop: () => actor.stop(),
    state: () => {
      const v = actor.getSnapshot().value;
      return typeof v === 'string' ? v : JSON.stringify(v);
    },
    overlay: () => actor.getSnapshot().context.overlay,
  };
}

/**
 * Starts the named tool over `env` for the step's `target`; `onEmit` receives its commits,
 * `onChange` its every step.
 */
export function startTool(
  name: ToolName,
  env: ToolEnvironment,
  options: ToolOptions,
  onEmit: (e: ToolEmitted) => void,
  onChange: () => void,
  target: EditTarget = 'building',
): RunningTool {
  switch (name) {
    case 'select':
      if (target === 'layout') return run(name, createActor(moduleSelectMachine, { input: env }), onEmit, onChange);
      return run(name, createActor(selectMachine, { input: env }), onEmit, onChange);
    case 'outline':
      return run(name, createActor(outlineMachine, { input: { ...env, eaveHeight: options.eaveHeight } }), onEmit, onChange);
    case 'roofLine':
      return run(name, createActor(roofLineMachine, { input: env }), onEmit, onChange);
    case 'pointHeight':
      return run(name, createActor(pointHeightMachine, { input: env }), onEmit, onChange);
    case 'module':
      return run(name, createActor(moduleMachine, { input: env }), onEmit, onChange);
    default:
      return run(name, createActor(obstacleMachine, { input: { ...env, ...options, kind: name } }), onEmit, onChange);
  }
}
