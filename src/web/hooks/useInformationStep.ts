// The Information step (spec 000 §2, §3 "Project (basic data)", §5): the project's basic data in a
// react-hook-form + zod form, the address search over the offline gazetteer, the map pick writing
// 'lon,lat', the weather source and the grid type. Saving creates the project (or updates it) and
// tells the wizard, which opens the next steps.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseLocation, type NewProjectBody, type ProjectDetail } from '../../model/api/projects.ts';
import { createProject, updateProject } from '../api/projects.ts';
import { withLoading } from '../app/loading.ts';
import { EMPTY_PROJECT_INFO, formatLonLat, projectInfoForm, WEATHER_SOURCES, type ProjectInfo, type ProjectInfoForm } from '../forms/project-info.ts';
import { loadPlaces, placeLabel, searchPlaces, type Place } from '../geo/gazetteer.ts';
import { useWizard } from './wizard-context.ts';

type WizardNewProject = ReturnType<typeof useWizard>['newProject'];

/** The form's starting values: the saved project, or the new-project dialog's choices. */
export function initialInfo(project: ProjectDetail | null, fresh: WizardNewProject): ProjectInfoForm {
  if (!project) {
    return {
      ...EMPTY_PROJECT_INFO,
      powerStationType: fresh.powerStationType === 'RESIDENTIAL' ? 'RESIDENTIAL' : 'COMMERCIAL',
      surveyType: fresh.surveyType === 'DRONE' ? 'DRONE' : 'SATELLITE',
      // Residential plants on the low-voltage grid are usually single-phase 220 V.
      gridType: fresh.powerStationType === 'RESIDENTIAL' && fresh.gridMode !== 'HIGH' ? '220V' : '380V',
    };
  }
  const mode = project.basicInfo.powerStatOperationMode;
  const weather = WEATHER_SOURCES.find((w) => w === project.weatherStation) ?? 'synthetic';
  return {
    name: project.name,
    company: project.company ?? '',
    description: project.description ?? '',
    powerStationType: project.powerStationType,
    surveyType: project.surveyType,
    operationMode: mode === 1 || mode === 2 || mode === 3 ? mode : 3,
    gridType: project.gridType ?? '380V',
    maxCapacity: project.maxCapacity,
    address: project.address ?? '',
    location: project.location ?? (project.lng !== null && project.lat !== null ? formatLonLat(project.lng, project.lat) : ''),
    weatherSource: weather,
  };
}

/** The create/update body of a validated form. */
export function projectBody(v: ProjectInfo, gridMode: string | null): NewProjectBody {
  const at = parseLocation(v.location);
  return {
    name: v.name,
    company: v.company || undefined,
    description: v.description || undefined,
    powerStationType: v.powerStationType,
    surveyType: v.surveyType,
    gridType: v.gridType,
    maxCapacity: v.maxCapacity ?? undefined,
    address: v.address,
    location: v.location.trim(),
    lat: at?.lat,
    lng: at?.lng,
    weatherStation: v.weatherSource,
    basicInfo: { powerStatOperationMode: v.operationMode, ...(gridMode ? { schemeForm: gridMode } : {}) },
  };
}

export function useInformationStep() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const w = useWizard();
  const defaults = useMemo(() => initialInfo(w.project, w.newProject), [w.project, w.newProject]);
  const form = useForm<ProjectInfoForm, unknown, ProjectInfo>({ resolver: zodResolver(projectInfoForm), defaultValues: defaults });
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [results, setResults] = useState<Place[]>([]);
  const [saved, setSaved] = useState(w.project !== null);

  useEffect(() => form.reset(defaults), [defaults, form]);

  useEffect(() => {
    loadPlaces()
      .then(setPlaces)
      .catch(() => setPlaces([]));
  }, []);

  // The text typed last: searched again once the gazetteer has loaded.
  const [query, setQuery] = useState('');
  const search = useCallback((text: string) => setQuery(text.trim()), []);
  useEffect(() => setResults(places && query ? searchPlaces(places, query, 12) : []), [places, query]);

  const choosePlace = useCallback(
    (p: Place) => {
      form.setValue('address', placeLabel(p), { shouldValidate: true, shouldDirty: true });
      form.setValue('location', formatLonLat(p.lon, p.lat), { shouldValidate: true, shouldDirty: true });
      setQuery('');
    },
    [form],
  );

  const pickOnMap = useCallback(
    (lon: number, lat: number) => {
      form.setValue('location', formatLonLat(lon, lat), { shouldValidate: true, shouldDirty: true });
      if (!form.getValues('address').trim() && places) {
        // the nearest gazetteer city names the place (the user may edit it)
        let best: Place | null = null;
        let d = Infinity;
        for (const p of places) {
          const dd = (p.lon - lon) ** 2 + (p.lat - lat) ** 2;
          if (dd < d) {
            d = dd;
            best = p;
          }
        }
        if (best && d < 1) form.setValue('address', placeLabel(best), { shouldValidate: true });
      }
    },
    [form, places],
  );

  const location = form.watch('location');
  const picked = useMemo(() => {
    const at = parseLocation(location ?? '');
    return at ? { lon: at.lng, lat: at.lat } : null;
  }, [location]);

  const submit = form.handleSubmit(async (v) => {
    const body = projectBody(v, w.newProject.gridMode);
    const p = await withLoading(() => (w.project ? updateProject({ projectId: w.project.projectId, ...body }) : createProject(body))).catch(() => null);
    if (!p) return;
    void message.success(t('common.saved'));
    setSaved(true);
    w.projectSaved(p);
  });

  const next = useCallback(() => {
    const mode = form.getValues('operationMode');
    w.actor.send({ type: 'step.go', step: mode === 1 || mode === 2 ? 'load' : 'building' });
  }, [form, w.actor]);

  return { form, submit, saved, next, places, results, search, choosePlace, pickOnMap, picked };
}
