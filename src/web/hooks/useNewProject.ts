// The new-project dialog (spec 001 §2 "New-project wizard"): plant type, survey type (satellite by
// default, or the last one chosen), grid mode (high or low voltage), then Start Design → the
// Information step of a new project. Shows the remaining drone project and photo quotas; a drone
// project needs a remaining drone project quota.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getProjectQuota } from '../api/projects.ts';
import { getQuota } from '../api/user.ts';
import { GRID_MODES, POWER_STATION_TYPES, SURVEY_TYPES } from '../forms/project-info.ts';

export type PlantType = (typeof POWER_STATION_TYPES)[number];
export type SurveyType = (typeof SURVEY_TYPES)[number];
export type GridMode = (typeof GRID_MODES)[number];

const SURVEY_KEY = 'pvstudio.surveyType';

/** The stored survey type, satellite when none is stored (spec 001 §2). */
export function defaultSurvey(stored: string | null): SurveyType {
  return stored === 'DRONE' ? 'DRONE' : 'SATELLITE';
}

/** The Information step's url for a new project (`enterprise`: created in the chosen organisation). */
export function newProjectUrl(choice: { plantType: PlantType; surveyType: SurveyType; gridMode: GridMode }, enterprise = false): string {
  const q = new URLSearchParams({ powerStationType: choice.plantType, surveyType: choice.surveyType, gridMode: choice.gridMode, ...(enterprise ? { enterprise: '1' } : {}) });
  return `/setting/basic?${q}`;
}

/** `enterprise`: the dialog of the enterprise project list (the project is created in the organisation). */
export function useNewProject(open: boolean, enterprise = false) {
  const navigate = useNavigate();
  const [plantType, setPlantType] = useState<PlantType | null>(null);
  const [surveyType, setSurveyType] = useState<SurveyType>(() => defaultSurvey(sessionStorage.getItem(SURVEY_KEY)));
  const [gridMode, setGridMode] = useState<GridMode>('LOW');
  const [quota, setQuota] = useState<{ droneProjects: number; dronePhotos: number } | null>(null);

  useEffect(() => {
    if (!open) return;
    Promise.all([getProjectQuota(), getQuota()])
      .then(([p, q]) => setQuota({ droneProjects: p.projectLimit, dronePhotos: q.surplusCapacity }))
      .catch(() => setQuota(null));
  }, [open]);

  const droneBlocked = surveyType === 'DRONE' && quota !== null && quota.droneProjects <= 0;
  const canStart = plantType !== null && !droneBlocked;

  const start = useCallback(() => {
    if (!plantType || droneBlocked) return;
    sessionStorage.setItem(SURVEY_KEY, surveyType);
    void navigate(newProjectUrl({ plantType, surveyType, gridMode }, enterprise));
  }, [plantType, surveyType, gridMode, droneBlocked, navigate, enterprise]);

  return { plantType, setPlantType, surveyType, setSurveyType, gridMode, setGridMode, quota, droneBlocked, canStart, start };
}
