// Every tool says what to do (issue 18 item 7: "Too small" without the minimum, a parapet that needs
// clicks plus an unsaid Enter): an instruction line per tool in both languages, naming Enter where the
// tool finishes with it and Escape where a gesture can be cancelled; and the "too small" hint of the
// obstacle tool names the smallest size at the zoom it was drawn at.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../../src/web/i18n/en/index.ts';
import { zh } from '../../../../../src/web/i18n/zh/index.ts';
import { obstacleMachine } from '../../../../../src/web/editor/tools/obstacle.machine.ts';
import { toolHintKey, TOOL_NAMES } from '../../../../../src/web/editor/tools/registry.ts';
import { HINTS } from '../../../../../src/web/editor/tools/types.ts';
import { drag, TestScene } from './harness.ts';

function text(catalogue: unknown, key: string): string | undefined {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalogue);
  return typeof v === 'string' ? v : undefined;
}

describe('tool instructions', () => {
  it('every tool, in both steps, has an instruction line in zh and en', () => {
    for (const target of ['building', 'layout'] as const) {
      for (const tool of TOOL_NAMES) {
        const key = toolHintKey(tool, target);
        expect(text(zh, key), `zh ${key}`).toBeTruthy();
        expect(text(en, key), `en ${key}`).toBeTruthy();
      }
    }
    expect(toolHintKey('select', 'layout')).not.toBe(toolHintKey('select', 'building'));
  });

  it('names Enter for the tools that finish with it, and Escape for every drawing tool', () => {
    for (const tool of ['outline', 'roofLine', 'polygon', 'parapet'] as const) {
      expect(text(en, toolHintKey(tool)), tool).toMatch(/Enter/);
      expect(text(zh, toolHintKey(tool)), tool).toMatch(/Enter/);
    }
    for (const tool of ['outline', 'box', 'cylinder', 'polygon', 'parapet', 'tree'] as const) expect(text(en, toolHintKey(tool)), tool).toMatch(/Escape/);
    expect(text(en, toolHintKey('select', 'layout'))).toMatch(/Shift.*box.*arrow keys.*Delete/s);
  });

  it('"too small" names the smallest side at the zoom of the drag', () => {
    const scene = new TestScene();
    const tool = createActor(obstacleMachine, { input: { ...scene.input(), kind: 'box' } });
    tool.on('*', scene.handle);
    tool.start();
    // 0.16 m/px (a view about 250 m wide): 20 px are 3.2 m, so a 3 × 3 m box is too small.
    drag(tool.send, [0, 0], [3, 3], 0.16);
    const o = tool.getSnapshot().context.overlay;
    expect(o.hint).toBe(HINTS.tooSmall);
    expect(o.hintValues).toEqual({ min: '3.2' });
    expect(text(en, HINTS.tooSmall)).toContain('{{min}} m');
    expect(text(zh, HINTS.tooSmall)).toContain('{{min}} m');
    expect(scene.commits()).toHaveLength(0);
    drag(tool.send, [0, 0], [3, 3], 0.05);
    expect(scene.commits()).toHaveLength(1);
  });
});
