// The shading step's lifecycle (spec 000 §4 "Shade analysis can be started, paused, continued,
// stopped or restarted"; docs/PRODUCT.md "Shading"; the statuses of src/engine/shade-job.ts):
//
//   idle ──start──▶ active.running ⇄ active.paused          (pause / resume, progress meanwhile)
//   active.running|paused ──stop──▶ active.confirmingStop ──confirm──▶ stopped
//                                                          └─cancel──▶ back where it was
//   active ──job finished──▶ finished      active ──job failed──▶ stopped (with the error)
//   finished|stopped ──restart──▶ confirmingRestart ──confirm──▶ active.running (a new job)
//                                                   └─cancel──▶ back where it was
//
// Stopping and restarting ask for confirmation (the spec's confirmations; a run can take minutes, a
// restart discards the last result). The job keeps running while the stop is being confirmed: if it
// finishes meanwhile, the result is kept.
//
// The work is the injected actor `shadeJob`: by default it drives a ShadeJob-like object made by the
// machine input's createJob (in the app: new ShadeJob(browser pool, buildShadeInput(…))); tests swap
// it with machine.provide or pass a fake job. It reports job.progress / job.finished / job.failed
// and obeys job.pause / job.resume; stopping the actor (leaving `active`) stops the job. The finished
// output is kept whole, with the job's hourly record when it made one (ShadeJob's `hourly` option):
// the save (shade-input.ts shadeDocumentOf) stores it for the project's yield.
//
// Events (domain.verb): shade.start, shade.pause, shade.resume, shade.stop, shade.restart,
// shade.confirm, shade.cancel; from the job: job.progress, job.finished, job.failed.
import { assign, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { ShadeJobOutput, ShadeJobStatus, ShadeProgress } from '../../../engine/shade-job.ts';

/** What the machine needs of a shade job (src/engine/shade-job.ts ShadeJob has it). */
export interface ShadeJobLike {
  readonly status: ShadeJobStatus;
  start(): Promise<ShadeJobOutput>;
  pause(): void;
  resume(): void;
  stop(): void;
  on(event: 'progress', fn: (p: ShadeProgress) => void): () => void;
}

export interface ShadeMachineInput {
  /** Makes the job of a run from the current documents (called at every start and restart). */
  createJob?: () => ShadeJobLike;
}

export type ShadeEvent =
  | { type: 'shade.start' }
  | { type: 'shade.pause' }
  | { type: 'shade.resume' }
  | { type: 'shade.stop' }
  | { type: 'shade.restart' }
  | { type: 'shade.confirm' }
  | { type: 'shade.cancel' }
  | { type: 'job.progress'; progress: ShadeProgress }
  | { type: 'job.finished'; output: ShadeJobOutput }
  | { type: 'job.failed'; error: string };

/** Commands the machine sends to the running job actor. */
export type ShadeJobCommand = { type: 'job.pause' } | { type: 'job.resume' };

export interface ShadeContext {
  createJob: (() => ShadeJobLike) | null;
  progress: ShadeProgress;
  /** The output of the last finished run, null before and while a new run goes. */
  output: ShadeJobOutput | null;
  /** Why the last run stopped by itself (a worker failure), or null. */
  error: string | null;
  /** Where a cancelled confirmation returns to. */
  confirmFrom: 'running' | 'paused' | 'finished' | 'stopped' | null;
}

const NO_PROGRESS: ShadeProgress = { done: 0, total: 0, percent: 0 };

function isAbort(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}

/**
 * The default job actor: makes the job, starts it, forwards its progress and outcome, pauses and
 * resumes it on command, stops it when the machine leaves `active` before it ended.
 */
export const shadeJobActor = fromCallback<ShadeJobCommand, { createJob: (() => ShadeJobLike) | null }>(({ input, sendBack, receive }) => {
  let live = true;
  const send = (e: ShadeEvent) => {
    if (live) sendBack(e);
  };
  if (input.createJob === null) {
    send({ type: 'job.failed', error: 'no shade job to run' });
    return () => {
      live = false;
    };
  }
  let job: ShadeJobLike;
  try {
    job = input.createJob();
  } catch (e) {
    send({ type: 'job.failed', error: e instanceof Error ? e.message : String(e) });
    return () => {
      live = false;
    };
  }
  const off = job.on('progress', (progress) => send({ type: 'job.progress', progress }));
  job.start().then(
    (output) => send({ type: 'job.finished', output }),
    (e: unknown) => {
      if (!isAbort(e)) send({ type: 'job.failed', error: e instanceof Error ? e.message : String(e) });
    },
  );
  receive((cmd) => {
    if (cmd.type === 'job.pause' && job.status === 'running') job.pause();
    else if (cmd.type === 'job.resume' && job.status === 'paused') job.resume();
  });
  return () => {
    live = false;
    off();
    if (job.status === 'running' || job.status === 'paused') job.stop();
  };
});

export const shadeMachine = setup({
  types: {
    context: {} as ShadeContext,
    events: {} as ShadeEvent,
    input: {} as ShadeMachineInput,
  },
  actors: { shadeJob: shadeJobActor },
  actions: {
    resetRun: assign({ progress: NO_PROGRESS, output: null, error: null, confirmFrom: null }),
    setProgress: assign(({ event }) => (event.type === 'job.progress' ? { progress: event.progress } : {})),
    setOutput: assign(({ context, event }) =>
      event.type === 'job.finished' ? { output: event.output, progress: { ...context.progress, done: context.progress.total, percent: 100 } } : {},
    ),
    setError: assign(({ event }) => (event.type === 'job.failed' ? { error: event.error } : {})),
    pauseJob: sendTo('job', { type: 'job.pause' } satisfies ShadeJobCommand),
    resumeJob: sendTo('job', { type: 'job.resume' } satisfies ShadeJobCommand),
    confirmFrom: assign((_, params: { from: NonNullable<ShadeContext['confirmFrom']> }) => ({ confirmFrom: params.from })),
    clearConfirm: assign({ confirmFrom: null }),
  },
  guards: {
    from: ({ context }, params: { from: NonNullable<ShadeContext['confirmFrom']> }) => context.confirmFrom === params.from,
  },
}).createMachine({
  id: 'shade',
  context: ({ input }) => ({ createJob: input.createJob ?? null, progress: NO_PROGRESS, output: null, error: null, confirmFrom: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'shade.start': { target: 'active', actions: 'resetRun' } },
    },
    active: {
      invoke: { id: 'job', src: 'shadeJob', input: ({ context }) => ({ createJob: context.createJob }) },
      initial: 'running',
      on: {
        'job.progress': { actions: 'setProgress' },
        'job.finished': { target: 'finished', actions: ['setOutput', 'clearConfirm'] },
        'job.failed': { target: 'stopped', actions: ['setError', 'clearConfirm'] },
      },
      states: {
        running: {
          on: {
            'shade.pause': { target: 'paused', actions: 'pauseJob' },
            'shade.stop': { target: 'confirmingStop', actions: { type: 'confirmFrom', params: { from: 'running' } } },
          },
        },
        paused: {
          on: {
            'shade.resume': { target: 'running', actions: 'resumeJob' },
            'shade.stop': { target: 'confirmingStop', actions: { type: 'confirmFrom', params: { from: 'paused' } } },
          },
        },
        confirmingStop: {
          on: {
            'shade.confirm': { target: '#shade.stopped', actions: 'clearConfirm' },
            'shade.cancel': [
              { guard: { type: 'from', params: { from: 'paused' } }, target: 'paused', actions: 'clearConfirm' },
              { target: 'running', actions: 'clearConfirm' },
            ],
          },
        },
      },
    },
    finished: {
      on: { 'shade.restart': { target: 'confirmingRestart', actions: { type: 'confirmFrom', params: { from: 'finished' } } } },
    },
    stopped: {
      on: { 'shade.restart': { target: 'confirmingRestart', actions: { type: 'confirmFrom', params: { from: 'stopped' } } } },
    },
    confirmingRestart: {
      on: {
        'shade.confirm': { target: 'active', actions: 'resetRun' },
        'shade.cancel': [
          { guard: { type: 'from', params: { from: 'finished' } }, target: 'finished', actions: 'clearConfirm' },
          { target: 'stopped', actions: 'clearConfirm' },
        ],
      },
    },
  },
});

export type ShadeSnapshot = SnapshotFrom<typeof shadeMachine>;

/** The step's status for the page: the job statuses plus the two confirmations. */
export type ShadeStatus = ShadeJobStatus | 'confirmingStop' | 'confirmingRestart';

export function shadeStatus(s: ShadeSnapshot): ShadeStatus {
  if (s.matches({ active: 'confirmingStop' })) return 'confirmingStop';
  if (s.matches({ active: 'paused' })) return 'paused';
  if (s.matches('active')) return 'running';
  if (s.matches('confirmingRestart')) return 'confirmingRestart';
  if (s.matches('finished')) return 'finished';
  if (s.matches('stopped')) return 'stopped';
  return 'idle';
}

/** Which of the step's buttons apply now. */
export function shadeButtons(s: ShadeSnapshot): { start: boolean; pause: boolean; resume: boolean; stop: boolean; restart: boolean } {
  return {
    start: s.can({ type: 'shade.start' }),
    pause: s.can({ type: 'shade.pause' }),
    resume: s.can({ type: 'shade.resume' }),
    stop: s.can({ type: 'shade.stop' }),
    restart: s.can({ type: 'shade.restart' }),
  };
}
