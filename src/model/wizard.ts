// The capability rules of the design wizard (spec 000 §2 "/setting", §4 "Project setup"), in one
// place for the web app (which blocks step buttons) and the server (whose project overview answers
// canDraw, canSetComponent, canElectrical, canReport).
//
// Decision on a spec contradiction (recorded in docs/PRODUCT.md, "Wizard gating"): spec 000 §4 says
// "drawing is disabled when the project has a power load config type or operation mode 3; otherwise it
// is enabled", but the same section says steps "stay disabled until earlier steps have content", and
// the literal reading would forbid drawing a full-feed-in plant (mode 3) and would lock drawing forever
// once the load step is done. We read it the way the step order implies:
// - Drawing (canDraw, step 2) needs the project saved. Where the load step applies (modes 1 and 2)
//   drawing waits for a load configuration (a power load config type); operation mode 3 (full feed-in)
//   and projects without a mode draw at once.
// - Components (canSetComponent, step 3): canDraw and at least one drawn building.
// - Electrical (canElectrical, step 4): canSetComponent and at least one arranged component.
// - Report (canReport, steps 5 economics and 6 report3d): canElectrical and an inverter configuration
//   ("the report capability is off unless an inverter configuration exists"); canElectrical false
//   clears it.
// - The load step (7) is shown only for operation modes 1 and 2; economics is hidden for LITE-RE.

/** The reOrAiom value of the manual variant (spec 000 §2). */
export const LITE_RE = 'LITE-RE';

/** Power-station operation modes (spec 001 §9): 1 surplus to grid, 2 full self-use, 3 full feed-in. */
export type OperationMode = 1 | 2 | 3;

/** What the gating reads from a project. */
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

/** An operation mode from a stored number (anything else: none). */
export function operationModeOf(n: number | null | undefined): OperationMode | null {
  return n === 1 || n === 2 || n === 3 ? n : null;
}

/** Whether the load step is shown (operation mode 1 or 2). */
export function loadStepShown(f: Pick<ProjectFacts, 'operationMode'>): boolean {
  return f.operationMode === 1 || f.operationMode === 2;
}

/** Whether the economics step is shown (not for LITE-RE). */
export function economicsShown(f: Pick<ProjectFacts, 'reOrAiom'>): boolean {
  return f.reOrAiom !== LITE_RE;
}

/** Why a capability is off: the first condition of its rule (in step order) the project lacks. */
export type Blocker = 'projectUnsaved' | 'loadMissing' | 'noBuilding' | 'noModules' | 'noInverterConfig';

/**
 * The rule of every capability, written once: the first condition it still waits for, or null when
 * it is on. Each capability needs the earlier ones (saved → load where shown → buildings → modules →
 * inverter configuration), so the answer names the earliest step to complete.
 */
export function blockerOf(capability: keyof Capabilities, f: ProjectFacts): Blocker | null {
  if (f.projectId === null) return 'projectUnsaved';
  if (loadStepShown(f) && f.powerLoadConfigType === null) return 'loadMissing';
  if (capability === 'canDraw') return null;
  if (!f.hasBuildings) return 'noBuilding';
  if (capability === 'canSetComponent') return null;
  if (!f.hasComponents) return 'noModules';
  if (capability === 'canElectrical') return null;
  return f.hasInverterConfig ? null : 'noInverterConfig';
}

export function capabilities(f: ProjectFacts): Capabilities {
  return {
    canDraw: blockerOf('canDraw', f) === null,
    canSetComponent: blockerOf('canSetComponent', f) === null,
    canElectrical: blockerOf('canElectrical', f) === null,
    canReport: blockerOf('canReport', f) === null,
  };
}

/** Design documents (by step name) whose presence gives each fact. */
export const FACT_DOCUMENTS = {
  load: ['power-load'],
  buildings: ['lite-re', 'scene-3d'],
  components: ['component-layout', 'arrays'],
  inverterConfig: ['inverter-config'],
} as const;

/** The facts of a saved project from its basic info and the design documents it has saved. */
export function factsOf(
  projectId: string,
  info: { reOrAiom?: string | null; powerStatOperationMode?: number | null; powerLoadConfigType?: string | null },
  savedSteps: (step: string) => boolean,
  content?: DesignContent,
): ProjectFacts {
  const any = (steps: readonly string[]) => steps.some(savedSteps);
  return {
    projectId,
    reOrAiom: info.reOrAiom ?? null,
    operationMode: operationModeOf(info.powerStatOperationMode),
    powerLoadConfigType: info.powerLoadConfigType || (any(FACT_DOCUMENTS.load) ? 'configured' : null),
    hasBuildings: content ? content.buildings > 0 : any(FACT_DOCUMENTS.buildings),
    hasComponents: content ? content.modules > 0 : any(FACT_DOCUMENTS.components),
    hasInverterConfig: any(FACT_DOCUMENTS.inverterConfig),
  };
}

/** What the saved design documents hold (the server counts it: a saved but empty drawing opens nothing). */
export interface DesignContent {
  /** Closed buildings drawn. */
  buildings: number;
  /** Modules arranged. */
  modules: number;
}
