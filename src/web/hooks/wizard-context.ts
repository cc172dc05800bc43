// The design wizard's actor and the open project, shared by the /setting layout and its steps.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ProjectDetail } from '../../model/api/projects.ts';
import type { wizardMachine } from '../machines/wizard.machine.ts';

export interface WizardHandle {
  actor: ActorRefFrom<typeof wizardMachine>;
  /** The project (null: a new project not saved yet). */
  project: ProjectDetail | null;
  /** After the Information step saved: the saved project. */
  projectSaved: (p: ProjectDetail) => void;
  /** The query of a new project (plant type, survey type, grid mode from the new-project dialog). */
  /** A new project's choices from the dialog; `enterprise`: created in the chosen organisation. */
  newProject: { powerStationType: string | null; surveyType: string | null; gridMode: string | null; enterprise: boolean };
  /** A step registers what must happen before it is left (save); false keeps the user there. */
  setBeforeLeave: (fn: (() => Promise<boolean>) | null) => void;
}

export const WizardContext = createContext<WizardHandle | null>(null);

export function useWizard(): WizardHandle {
  const w = useContext(WizardContext);
  if (!w) throw new Error('useWizard outside the /setting layout');
  return w;
}
