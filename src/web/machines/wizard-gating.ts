// The step menu of the design wizard (spec 000 §2 "/setting"): which steps show and which buttons are
// open. The capability rules themselves (and the decision on the spec's drawing sentence) live once in
// src/model/wizard.ts, shared with the server's project overview.
import { blockerOf, capabilities, economicsShown, loadStepShown, type Blocker, type Capabilities, type ProjectFacts } from '../../model/wizard.ts';
import { STEP_ORDER, type StepName } from '../app/paths.ts';

export { blockerOf, capabilities, EMPTY_FACTS, economicsShown, loadStepShown, type Blocker, type Capabilities, type OperationMode, type ProjectFacts } from '../../model/wizard.ts';

/** The steps of the left menu for this project, in order. */
export function visibleSteps(f: ProjectFacts): StepName[] {
  return STEP_ORDER.filter((s) => (s === 'load' ? loadStepShown(f) : s === 'economics' ? economicsShown(f) : true));
}

/** Whether a step's button is open (visible and its capability on). */
export function stepOpen(step: StepName, f: ProjectFacts, c: Capabilities = capabilities(f)): boolean {
  switch (step) {
    case 'information':
      return true;
    case 'load':
      return loadStepShown(f) && f.projectId !== null;
    case 'building':
      return c.canDraw;
    case 'components':
      return c.canSetComponent;
    case 'electrical':
      return c.canElectrical;
    case 'economics':
      return economicsShown(f) && c.canReport;
    case 'report':
      return c.canReport;
  }
}

/** Why a visible step's button is blocked (the model's rule: the earliest step to complete), or null when open. */
export function stepBlocker(step: StepName, f: ProjectFacts): Blocker | null {
  switch (step) {
    case 'information':
      return null;
    case 'load':
      return f.projectId === null ? 'projectUnsaved' : null;
    case 'building':
      return blockerOf('canDraw', f);
    case 'components':
      return blockerOf('canSetComponent', f);
    case 'electrical':
      return blockerOf('canElectrical', f);
    case 'economics':
    case 'report':
      return blockerOf('canReport', f);
  }
}

/** The steps whose leaving first raises the leave flag: drawing and assign (spec 000 §2). */
export const GUARDED_STEPS: readonly StepName[] = ['building', 'electrical'];
