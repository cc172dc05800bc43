// The design wizard (spec 000 §2 "/setting", §4 "Project setup"): which step is open, which step
// buttons are blocked (canDraw, canSetComponent, canElectrical, canReport; wizard-gating.ts), and the
// leave flag with a target url raised when the user leaves the drawing or the assign step. The
// layout renders the state; pages tell the machine what the project now holds.
//
// Events (domain.verb):
//   project.loaded   the project's facts (after GET detail, or a new project's defaults)
//   info.saved       the Information step saved the project (id, operation mode)
//   load.configured  the load step saved (its config type; null clears it)
//   buildings.changed / components.changed / inverter.changed   what the later steps hold
//   step.go          the user (menu, url, next button) asks for a step
//   leave.confirm / leave.cancel   answer to the leave flag
import { assign, raise, setup } from 'xstate';
import { stepUrl, type SettingQuery, type StepName } from '../app/paths.ts';
import { capabilities, EMPTY_FACTS, stepOpen, type Capabilities, type OperationMode, type ProjectFacts } from './wizard-gating.ts';

export interface LeaveFlag {
  flag: boolean;
  /** The step asked for and its url (id, from, pFrom, reOrAiom kept). */
  step: StepName | null;
  targetUrl: string | null;
}

export interface WizardContext extends Capabilities {
  facts: ProjectFacts;
  /** from / pFrom of the url, kept on every step url. */
  query: Omit<SettingQuery, 'id' | 'reOrAiom'>;
  leave: LeaveFlag;
  /** The last step asked for while its button was blocked (the layout shows why), or null. */
  blocked: StepName | null;
}

export type WizardEvent =
  | { type: 'project.loaded'; facts: Partial<ProjectFacts> }
  | { type: 'info.saved'; projectId: string; operationMode: OperationMode | null; reOrAiom?: string | null }
  | { type: 'load.configured'; powerLoadConfigType: string | null }
  | { type: 'buildings.changed'; count: number }
  | { type: 'components.changed'; count: number }
  | { type: 'inverter.changed'; configured: boolean }
  | { type: 'step.go'; step: StepName; force?: boolean }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

export interface WizardInput {
  facts?: Partial<ProjectFacts>;
  query?: Omit<SettingQuery, 'id' | 'reOrAiom'>;
}

const NO_LEAVE: LeaveFlag = { flag: false, step: null, targetUrl: null };

/** The context with the capability flags recomputed from `facts`. */
function withFacts(ctx: WizardContext, patch: Partial<ProjectFacts>): Partial<WizardContext> {
  const facts = { ...ctx.facts, ...patch };
  return { facts, ...capabilities(facts) };
}

function urlOf(ctx: WizardContext, step: StepName): string {
  return stepUrl(step, { ...ctx.query, id: ctx.facts.projectId, reOrAiom: ctx.facts.reOrAiom });
}

/** One guarded transition per step: `step.go` to `step` enters it when its button is open. */
function enterStep(step: StepName) {
  return { guard: { type: 'mayEnter' as const, params: { step } }, target: `.${step}`, actions: 'clearBlocked' as const };
}

/** While a step is open: falls back to Information when the step's capability goes off. */
const fallBack = (step: StepName) => ({ guard: { type: 'stepClosed' as const, params: { step } }, target: '#wizard.information', actions: 'clearLeave' as const });

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actions: {
    applyProject: assign(({ context, event }) => (event.type === 'project.loaded' ? withFacts(context, event.facts) : {})),
    applyInfo: assign(({ context, event }) => {
      if (event.type !== 'info.saved') return {};
      const patch: Partial<ProjectFacts> = { projectId: event.projectId, operationMode: event.operationMode };
      if (event.reOrAiom !== undefined) patch.reOrAiom = event.reOrAiom;
      return withFacts(context, patch);
    }),
    applyLoad: assign(({ context, event }) => (event.type === 'load.configured' ? withFacts(context, { powerLoadConfigType: event.powerLoadConfigType }) : {})),
    applyBuildings: assign(({ context, event }) => (event.type === 'buildings.changed' ? withFacts(context, { hasBuildings: event.count > 0 }) : {})),
    applyComponents: assign(({ context, event }) => (event.type === 'components.changed' ? withFacts(context, { hasComponents: event.count > 0 }) : {})),
    applyInverter: assign(({ context, event }) => (event.type === 'inverter.changed' ? withFacts(context, { hasInverterConfig: event.configured }) : {})),
    raiseLeaveFlag: assign(({ context, event }) =>
      event.type === 'step.go' ? { leave: { flag: true, step: event.step, targetUrl: urlOf(context, event.step) } } : {},
    ),
    clearLeave: assign({ leave: NO_LEAVE }),
    goToLeaveTarget: raise(({ context }) => ({ type: 'step.go' as const, step: context.leave.step ?? 'information', force: true })),
    noteBlocked: assign(({ event }) => (event.type === 'step.go' ? { blocked: event.step } : {})),
    clearBlocked: assign({ blocked: null }),
  },
  guards: {
    mayEnter: ({ context, event }, params: { step: StepName }) => event.type === 'step.go' && event.step === params.step && stepOpen(params.step, context.facts, context),
    stepClosed: ({ context }, params: { step: StepName }) => !stepOpen(params.step, context.facts, context),
    /** A step.go (not forced by leave.confirm) from the guarded step `from` to another open step. */
    leavesFor: ({ context, event }, params: { from: StepName }) =>
      event.type === 'step.go' && !event.force && event.step !== params.from && stepOpen(event.step, context.facts, context),
    leaveTargetClosed: ({ context }) => context.leave.step !== null && !stepOpen(context.leave.step, context.facts, context),
    /** A step.go back to the step being left: the user changed their mind. */
    staysOn: ({ event }, params: { step: StepName }) => event.type === 'step.go' && event.step === params.step,
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => {
    const facts = { ...EMPTY_FACTS, ...input.facts };
    return { facts, ...capabilities(facts), query: input.query ?? {}, leave: NO_LEAVE, blocked: null };
  },
  initial: 'information',
  on: {
    'project.loaded': { actions: 'applyProject' },
    'info.saved': { actions: 'applyInfo' },
    'load.configured': { actions: 'applyLoad' },
    'buildings.changed': { actions: 'applyBuildings' },
    'components.changed': { actions: 'applyComponents' },
    'inverter.changed': { actions: 'applyInverter' },
    'step.go': [
      enterStep('information'),
      enterStep('load'),
      enterStep('building'),
      enterStep('components'),
      enterStep('electrical'),
      enterStep('economics'),
      enterStep('report'),
      { actions: 'noteBlocked' },
    ],
  },
  states: {
    information: {},
    load: { always: fallBack('load') },
    // The drawing step: leaving it first raises the leave flag (the page saves, then confirms).
    building: {
      initial: 'editing',
      always: fallBack('building'),
      states: {
        editing: {
          on: { 'step.go': { guard: { type: 'leavesFor', params: { from: 'building' as StepName } }, target: 'leaving', actions: 'raiseLeaveFlag' } },
        },
        leaving: {
          // The step asked for closed meanwhile (its content went away): nothing to leave for.
          always: { guard: 'leaveTargetClosed', target: 'editing', actions: 'clearLeave' },
          on: {
            'step.go': [
              { guard: { type: 'leavesFor', params: { from: 'building' as StepName } }, actions: 'raiseLeaveFlag' },
              { guard: { type: 'staysOn', params: { step: 'building' as StepName } }, target: 'editing', actions: 'clearLeave' },
            ],
            'leave.confirm': { actions: ['goToLeaveTarget', 'clearLeave'] },
            'leave.cancel': { target: 'editing', actions: 'clearLeave' },
          },
        },
      },
    },
    components: { always: fallBack('components') },
    // The assign step (strings to inverters): the same leave flag.
    electrical: {
      initial: 'editing',
      always: fallBack('electrical'),
      states: {
        editing: {
          on: { 'step.go': { guard: { type: 'leavesFor', params: { from: 'electrical' as StepName } }, target: 'leaving', actions: 'raiseLeaveFlag' } },
        },
        leaving: {
          // The step asked for closed meanwhile (its content went away): nothing to leave for.
          always: { guard: 'leaveTargetClosed', target: 'editing', actions: 'clearLeave' },
          on: {
            'step.go': [
              { guard: { type: 'leavesFor', params: { from: 'electrical' as StepName } }, actions: 'raiseLeaveFlag' },
              { guard: { type: 'staysOn', params: { step: 'electrical' as StepName } }, target: 'editing', actions: 'clearLeave' },
            ],
            'leave.confirm': { actions: ['goToLeaveTarget', 'clearLeave'] },
            'leave.cancel': { target: 'editing', actions: 'clearLeave' },
          },
        },
      },
    },
    economics: { always: fallBack('economics') },
    report: { always: fallBack('report') },
  },
});

/** The step a snapshot is on. */
export function currentStep(snapshot: { value: unknown }): StepName {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as Record<string, unknown>)[0]) as StepName;
}
