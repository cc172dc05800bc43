// The design wizard's gating (spec 000 §2 "/setting", §4 "Project setup"; src/web/machines): every
// rule checked on its own, then model-based: @xstate/graph walks the machine over the events a user
// and the pages send, and every reachable state must obey the rules.
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { stepUrl, type StepName } from '../../../src/web/app/paths.ts';
import { capabilities, EMPTY_FACTS, stepBlocker, stepOpen, visibleSteps, type ProjectFacts } from '../../../src/web/machines/wizard-gating.ts';
import { currentStep, wizardMachine, type WizardEvent } from '../../../src/web/machines/wizard.machine.ts';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

function start(facts: Partial<ProjectFacts> = {}, query = {}) {
  return createActor(wizardMachine, { input: { facts, query } }).start();
}

/** A saved full-feed-in project with everything drawn and configured. */
const COMPLETE: Partial<ProjectFacts> = { projectId: '7', operationMode: 3, hasBuildings: true, hasComponents: true, hasInverterConfig: true };

describe('left menu (spec 000 §2 "Left menu steps")', () => {
  it('lists information, building, components, electrical, economics, report in that order', () => {
    expect(visibleSteps({ ...EMPTY_FACTS })).toEqual(['information', 'building', 'components', 'electrical', 'economics', 'report']);
  });

  it('shows the load step only for operation modes 1 and 2, after information', () => {
    for (const mode of [1, 2] as const) expect(visibleSteps({ ...EMPTY_FACTS, operationMode: mode })[1]).toBe('load');
    for (const mode of [3, null] as const) expect(visibleSteps({ ...EMPTY_FACTS, operationMode: mode })).not.toContain('load');
  });

  it('hides economics for the manual variant LITE-RE', () => {
    expect(visibleSteps({ ...EMPTY_FACTS, reOrAiom: 'LITE-RE' })).not.toContain('economics');
    expect(visibleSteps({ ...EMPTY_FACTS, reOrAiom: 'LITE' })).toContain('economics');
  });
});

describe('capabilities (spec 000 §4 "Project setup")', () => {
  it('keeps every later step closed until the project is saved', () => {
    expect(capabilities({ ...EMPTY_FACTS, hasBuildings: true, hasComponents: true, hasInverterConfig: true })).toEqual({
      canDraw: false,
      canSetComponent: false,
      canElectrical: false,
      canReport: false,
    });
  });

  it('opens drawing at once for full feed-in (mode 3) and without a mode', () => {
    expect(capabilities({ ...EMPTY_FACTS, projectId: '1', operationMode: 3 }).canDraw).toBe(true);
    expect(capabilities({ ...EMPTY_FACTS, projectId: '1', operationMode: null }).canDraw).toBe(true);
  });

  it('opens drawing for modes 1 and 2 only with a power load config type (the load step comes first)', () => {
    for (const mode of [1, 2] as const) {
      expect(capabilities({ ...EMPTY_FACTS, projectId: '1', operationMode: mode }).canDraw).toBe(false);
      expect(capabilities({ ...EMPTY_FACTS, projectId: '1', operationMode: mode, powerLoadConfigType: 'constant' }).canDraw).toBe(true);
    }
  });

  it('needs drawn buildings for components, components for electrical, an inverter configuration for the report', () => {
    const base = { ...EMPTY_FACTS, projectId: '1', operationMode: 3 as const };
    expect(capabilities(base).canSetComponent).toBe(false);
    expect(capabilities({ ...base, hasBuildings: true }).canSetComponent).toBe(true);
    expect(capabilities({ ...base, hasBuildings: true }).canElectrical).toBe(false);
    expect(capabilities({ ...base, hasBuildings: true, hasComponents: true }).canElectrical).toBe(true);
    expect(capabilities({ ...base, hasBuildings: true, hasComponents: true }).canReport).toBe(false);
    expect(capabilities({ ...base, hasBuildings: true, hasComponents: true, hasInverterConfig: true }).canReport).toBe(true);
  });

  it('clears the report when electrical goes off, even with an inverter configuration', () => {
    const c = capabilities({ ...EMPTY_FACTS, projectId: '1', operationMode: 3, hasBuildings: true, hasComponents: false, hasInverterConfig: true });
    expect(c).toMatchObject({ canElectrical: false, canReport: false });
  });

  it('blocks step buttons: drawing → 2, component → 3, electrical → 4, report → economics 5 and report3d 6', () => {
    const f = { ...EMPTY_FACTS, projectId: '1', operationMode: 3 as const, hasBuildings: true, hasComponents: true };
    const c = capabilities(f);
    expect([stepOpen('building', f, c), stepOpen('components', f, c), stepOpen('electrical', f, c)]).toEqual([true, true, true]);
    expect([stepOpen('economics', f, c), stepOpen('report', f, c)]).toEqual([false, false]);
    const withInverter = { ...f, hasInverterConfig: true };
    expect([stepOpen('economics', withInverter), stepOpen('report', withInverter)]).toEqual([true, true]);
    expect(stepOpen('economics', { ...withInverter, reOrAiom: 'LITE-RE' })).toBe(false);
  });

  it('says why a step is blocked: the earliest condition of its rule not met (issue 18 item 7)', () => {
    const saved = { ...EMPTY_FACTS, projectId: '1', operationMode: 3 as const };
    expect(stepBlocker('building', EMPTY_FACTS)).toBe('projectUnsaved');
    expect(stepBlocker('report', EMPTY_FACTS)).toBe('projectUnsaved');
    expect(stepBlocker('building', { ...saved, operationMode: 1 })).toBe('loadMissing');
    expect(stepBlocker('components', { ...saved, operationMode: 2, hasBuildings: true })).toBe('loadMissing');
    expect(stepBlocker('components', saved)).toBe('noBuilding');
    expect(stepBlocker('electrical', { ...saved, hasBuildings: true })).toBe('noModules');
    expect(stepBlocker('economics', { ...saved, hasBuildings: true, hasComponents: true })).toBe('noInverterConfig');
    expect(stepBlocker('report', { ...saved, hasBuildings: false, hasComponents: true, hasInverterConfig: true })).toBe('noBuilding');
  });

  it('a visible step is open exactly when it has no blocker, for every combination of facts', () => {
    for (const projectId of [null, '1'])
      for (const operationMode of [null, 1, 2, 3] as const)
        for (const powerLoadConfigType of [null, 'A'])
          for (const hasBuildings of [false, true])
            for (const hasComponents of [false, true])
              for (const hasInverterConfig of [false, true]) {
                const f: ProjectFacts = { ...EMPTY_FACTS, projectId, operationMode, powerLoadConfigType, hasBuildings, hasComponents, hasInverterConfig };
                for (const step of visibleSteps(f)) expect(stepOpen(step, f), `${step} ${JSON.stringify(f)}`).toBe(stepBlocker(step, f) === null);
              }
  });
});

describe('the machine', () => {
  it('starts on Information and refuses a blocked step, remembering which one was asked for', () => {
    const a = start();
    a.send({ type: 'step.go', step: 'building' });
    expect(currentStep(a.getSnapshot())).toBe('information');
    expect(a.getSnapshot().context.blocked).toBe('building');
  });

  it('opens the next steps as the pages report content', () => {
    const a = start();
    a.send({ type: 'info.saved', projectId: '12', operationMode: 3 });
    expect(a.getSnapshot().context.canDraw).toBe(true);
    a.send({ type: 'step.go', step: 'building' });
    expect(a.getSnapshot().matches({ building: 'editing' })).toBe(true);
    a.send({ type: 'buildings.changed', count: 2 });
    a.send({ type: 'components.changed', count: 40 });
    a.send({ type: 'inverter.changed', configured: true });
    expect(a.getSnapshot().context).toMatchObject({ canDraw: true, canSetComponent: true, canElectrical: true, canReport: true, blocked: null });
  });

  it('opens the load step for mode 1 and drawing once the load is configured', () => {
    const a = start();
    a.send({ type: 'info.saved', projectId: '3', operationMode: 1 });
    a.send({ type: 'step.go', step: 'building' });
    expect(currentStep(a.getSnapshot())).toBe('information');
    a.send({ type: 'step.go', step: 'load' });
    expect(currentStep(a.getSnapshot())).toBe('load');
    a.send({ type: 'load.configured', powerLoadConfigType: 'mall' });
    a.send({ type: 'step.go', step: 'building' });
    expect(currentStep(a.getSnapshot())).toBe('building');
  });

  it('raises the leave flag with the target url when leaving the drawing step, and goes on confirm', () => {
    const a = start(COMPLETE, { from: 'list' });
    a.send({ type: 'step.go', step: 'building' });
    a.send({ type: 'step.go', step: 'components' });
    const s = a.getSnapshot();
    expect(s.matches({ building: 'leaving' })).toBe(true);
    expect(s.context.leave).toEqual({ flag: true, step: 'components', targetUrl: '/setting/component?id=7&from=list' });
    a.send({ type: 'leave.confirm' });
    expect(currentStep(a.getSnapshot())).toBe('components');
    expect(a.getSnapshot().context.leave.flag).toBe(false);
  });

  it('stays on the assign (electrical) step when leaving is cancelled', () => {
    const a = start(COMPLETE);
    a.send({ type: 'step.go', step: 'electrical' });
    a.send({ type: 'step.go', step: 'report' });
    expect(a.getSnapshot().matches({ electrical: 'leaving' })).toBe(true);
    expect(a.getSnapshot().context.leave.targetUrl).toBe('/setting/report3d?id=7');
    a.send({ type: 'leave.cancel' });
    expect(a.getSnapshot().matches({ electrical: 'editing' })).toBe(true);
    expect(a.getSnapshot().context.leave).toEqual({ flag: false, step: null, targetUrl: null });
  });

  it('raises no leave flag from the other steps, and none towards a blocked step', () => {
    const a = start({ ...COMPLETE, hasInverterConfig: false });
    a.send({ type: 'step.go', step: 'components' });
    a.send({ type: 'step.go', step: 'information' });
    expect(currentStep(a.getSnapshot())).toBe('information');
    a.send({ type: 'step.go', step: 'electrical' });
    a.send({ type: 'step.go', step: 'report' });
    expect(a.getSnapshot().matches({ electrical: 'editing' })).toBe(true);
    expect(a.getSnapshot().context.blocked).toBe('report');
  });

  it('drops the leave flag when the step asked for closes meanwhile (found by the model-based paths)', () => {
    const a = start(COMPLETE);
    a.send({ type: 'step.go', step: 'building' });
    a.send({ type: 'step.go', step: 'components' });
    a.send({ type: 'buildings.changed', count: 0 });
    expect(a.getSnapshot().matches({ building: 'editing' })).toBe(true);
    expect(a.getSnapshot().context.leave.flag).toBe(false);
  });

  it('falls back to Information when the open step loses its capability', () => {
    const a = start(COMPLETE);
    a.send({ type: 'step.go', step: 'report' });
    a.send({ type: 'inverter.changed', configured: false });
    expect(currentStep(a.getSnapshot())).toBe('information');
  });

  it('keeps LITE-RE and from/pFrom on the step urls', () => {
    const a = start({ ...COMPLETE, reOrAiom: 'LITE-RE' }, { from: 'enterprise', pFrom: 'p1' });
    a.send({ type: 'step.go', step: 'economics' });
    expect(currentStep(a.getSnapshot())).toBe('information');
    a.send({ type: 'step.go', step: 'building' });
    a.send({ type: 'step.go', step: 'report' });
    expect(a.getSnapshot().context.leave.targetUrl).toBe('/setting/report3d?id=7&from=enterprise&pFrom=p1&reOrAiom=LITE-RE');
  });
});

// ── model-based ───────────────────────────────────────────────────────────────────────────────

const STEPS: StepName[] = ['information', 'load', 'building', 'components', 'electrical', 'economics', 'report'];

/** The events a user and the pages send (a small, closed set so that the graph stays finite). */
const EVENTS: WizardEvent[] = [
  { type: 'info.saved', projectId: '9', operationMode: 3 },
  { type: 'info.saved', projectId: '9', operationMode: 1 },
  { type: 'load.configured', powerLoadConfigType: 'constant' },
  { type: 'buildings.changed', count: 1 },
  { type: 'buildings.changed', count: 0 },
  { type: 'components.changed', count: 1 },
  { type: 'components.changed', count: 0 },
  { type: 'inverter.changed', configured: true },
  { type: 'inverter.changed', configured: false },
  ...STEPS.map((step) => ({ type: 'step.go' as const, step })),
  { type: 'leave.confirm' },
  { type: 'leave.cancel' },
];

/** The rules every reachable state obeys. */
function checkInvariants(s: Snapshot): void {
  const { facts, canDraw, canSetComponent, canElectrical, canReport, leave } = s.context;
  expect({ canDraw, canSetComponent, canElectrical, canReport }).toEqual(capabilities(facts));
  const step = currentStep(s);
  expect(stepOpen(step, facts, s.context), `step ${step} is open`).toBe(true);
  expect(visibleSteps(facts)).toContain(step);
  const leaving = s.matches({ building: 'leaving' }) || s.matches({ electrical: 'leaving' });
  expect(leave.flag).toBe(leaving);
  if (leave.flag) {
    expect(leave.step).not.toBe(step);
    expect(leave.targetUrl).toBe(stepUrl(leave.step!, { id: facts.projectId, reOrAiom: facts.reOrAiom }));
  }
}

describe('model-based paths (@xstate/graph)', () => {
  // States differ by step, leave flag and the facts the gating reads.
  const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.facts, s.context.leave.step]);

  it('every state reachable by the shortest paths obeys the gating rules', () => {
    const paths = getShortestPaths(wizardMachine, { events: EVENTS, serializeState, input: {} });
    expect(paths.length).toBeGreaterThan(40);
    const reached = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps) checkInvariants(step.state);
      reached.add(currentStep(path.state));
    }
    // every step of the menu is reachable, each only once its rules allow
    expect([...reached].sort()).toEqual([...STEPS].sort());
  });

  it('replays the shortest path to every report state on a real actor: it ends on the report with an inverter configuration', () => {
    const paths = getShortestPaths(wizardMachine, { events: EVENTS, serializeState, input: {}, toState: (s) => currentStep(s) === 'report' });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const a = start();
      for (const step of path.steps) a.send(step.event);
      const s = a.getSnapshot();
      expect(currentStep(s)).toBe('report');
      expect(s.context.facts).toMatchObject({ hasBuildings: true, hasComponents: true, hasInverterConfig: true });
      checkInvariants(s);
    }
  });

  it('simple paths of the drawing step never leave it without the leave flag', () => {
    // From the drawing step of a complete project, every simple path over the navigation events
    // between the drawing step and its neighbours (simple paths grow exponentially with the events).
    const near: StepName[] = ['information', 'building', 'components', 'electrical'];
    const nav: WizardEvent[] = [...near.map((step) => ({ type: 'step.go' as const, step })), { type: 'leave.confirm' }, { type: 'leave.cancel' }];
    const a = start(COMPLETE);
    a.send({ type: 'step.go', step: 'building' });
    const paths = getSimplePaths(wizardMachine, { events: nav, serializeState, input: { facts: COMPLETE }, fromState: a.getSnapshot() });
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      let prev = a.getSnapshot();
      for (const step of path.steps) {
        if (currentStep(prev) === 'building' && currentStep(step.state) !== 'building') {
          // the only way out of the drawing step is the confirmation of its leave flag
          expect(prev.matches({ building: 'leaving' })).toBe(true);
          expect(step.event.type).toBe('leave.confirm');
        }
        checkInvariants(step.state);
        prev = step.state;
      }
    }
  });
});
