// The gating rules of the design wizard (spec 000 §2 "/setting", §4 "Project setup"), as pure
// functions of the project's state. wizard.machine.ts applies them; the tests check every rule.
//
// Rules:
// - Information (step 1) is always open.
// - Load (step 7) is shown only when the operation mode is 1 or 2, and opens once the project exists.
// - Drawing (canDraw, step 2): needs the project saved. The spec's sentence "drawing is disabled when
//   the project has a power load config type or operation mode 3; otherwise it is enabled" contradicts
//   its own rule that steps "stay disabled until earlier steps have content" and would forbid drawing a
//   full-feed-in plant; we read it the way the step order implies (our decision, in the report to the
//   lead): where the load step applies (modes 1 and 2) drawing waits for a load configuration (a
//   power load config type); operation mode 3 (full feed-in) and projects without a mode draw at once.
// - Components (canSetComponent, step 3): canDraw and at least one drawn building.
// - Electrical (canElectrical, step 4): canSetComponent and at least one arranged component.
// - Report (canReport, steps 5 economics and 6 report3d): canElectrical and an inverter configuration
//   ("the report capability is off unless an inverter configuration exists"); canElectrical false
//   clears it.
// - Economics is hidden for the manual variant LITE-RE.
import { LITE_RE, STEP_ORDER, type StepName } from '../app/paths.ts';

/** Power-station operation modes (spec 001 §9): 1 surplus to grid, 2 full self-use, 3 full feed-in. */
export type OperationMode = 1 | 2 | 3;

/** What the gating reads from the project. */
export interface ProjectFacts {
  /** null until the Information step saved the project. */
  projectId: string | null;
  reOrAiom: string | null;
  operationMode: OperationMode | null;
  /** The load's configuration type once the load step is done; null before. */
  powerLoadConfigType: string | null;
  hasBuildings: boolean;
  hasComponents: boolean;
  hasInverterConfig: boolean;
}

export interface Capabilities {
  canDraw: boolean;
  canSetComponent: boolean;
  canElectrical: boolean;
  canReport: boolean;
}

export const EMPTY_FACTS: ProjectFacts = {
  projectId: null,
  reOrAiom: null,
  operationMode: null,
  powerLoadConfigType: null,
  hasBuildings: false,
  hasComponents: false,
  hasInverterConfig: false,
};

/** Whether the load step is shown (operation mode 1 or 2). */
export function loadStepShown(f: Pick<ProjectFacts, 'operationMode'>): boolean {
  return f.operationMode === 1 || f.operationMode === 2;
}

/** Whether the economics step is shown (not for LITE-RE). */
export function economicsShown(f: Pick<ProjectFacts, 'reOrAiom'>): boolean {
  return f.reOrAiom !== LITE_RE;
}

export function capabilities(f: ProjectFacts): Capabilities {
  const saved = f.projectId !== null;
  const canDraw = saved && (!loadStepShown(f) || f.powerLoadConfigType !== null);
  const canSetComponent = canDraw && f.hasBuildings;
  const canElectrical = canSetComponent && f.hasComponents;
  const canReport = canElectrical && f.hasInverterConfig;
  return { canDraw, canSetComponent, canElectrical, canReport };
}

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

/** The steps whose leaving first raises the leave flag: drawing and assign (spec 000 §2). */
export const GUARDED_STEPS: readonly StepName[] = ['building', 'electrical'];
