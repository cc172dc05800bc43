// The Information step (spec 000 §2, §3 "Project (basic data)", §5): the project's basic data in a
// react-hook-form + zod form, the address search on the server (poi-location-search: the online
// geocoder when configured, else the server's offline gazetteer — issue 6 moved it out of the
// browser), the map pick writing 'lon,lat' (the nearest city names an empty address) and the grid
// type. Saving creates the project (or updates it) and tells the wizard, which opens the next steps.
// The project's weather is not part of this form: the weather card (useProjectWeather) owns it.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseLocation, type NewProjectBody, type ProjectDetail } from '../../model/api/projects.ts';
import type { Poi, PoiList } from '../../model/catalogue/api.ts';
import { nearestCities, searchPlaces } from '../api/places.ts';
import { createEnterpriseProject } from '../api/enterprise.ts';
import { createProject, updateProject } from '../api/projects.ts';
import { withLoading } from '../app/loading.ts';
import { EMPTY_PROJECT_INFO, formatLonLat, projectInfoForm, type ProjectInfo, type ProjectInfoForm } from '../forms/project-info.ts';
import { useWizard } from './wizard-context.ts';

type WizardNewProject = ReturnType<typeof useWizard>['newProject'];

/** The form's starting values: the saved project, or the new-project dialog's choices. */
export function initialInfo(project: ProjectDetail | null, fresh: Omit<WizardNewProject, 'enterprise'>): ProjectInfoForm {
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
    basicInfo: { powerStatOperationMode: v.operationMode, ...(gridMode ? { schemeForm: gridMode } : {}) },
  };
}

/** Wait after the last keystroke before searching [ms]. */
export const SEARCH_DELAY_MS = 250;
/** A map pick names the address after the nearest city only within this distance [km]. */
export const NEAREST_CITY_KM = 100;

/** The notice key of a search answer: offline because none is configured, or because it failed. */
export function searchNotice(answer: Pick<PoiList, 'provider' | 'configured'>): 'places.offline' | 'places.fallback' | null {
  if (answer.provider !== 'offline') return null;
  return answer.configured ? 'places.fallback' : 'places.offline';
}

export function useInformationStep() {
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  const w = useWizard();
  const defaults = useMemo(() => initialInfo(w.project, w.newProject), [w.project, w.newProject]);
  const form = useForm<ProjectInfoForm, unknown, ProjectInfo>({ resolver: zodResolver(projectInfoForm), defaultValues: defaults });
  const [results, setResults] = useState<Poi[]>([]);
  const [searching, setSearching] = useState(false);
  const [notice, setNotice] = useState<ReturnType<typeof searchNotice>>(null);
  const [saved, setSaved] = useState(w.project !== null);

  useEffect(() => form.reset(defaults), [defaults, form]);


  // The text typed last, searched on the server after a short pause; an older answer never
  // replaces a newer one (the previous request is aborted).
  const [query, setQuery] = useState('');
  const search = useCallback((text: string) => setQuery(text.trim()), []);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => {
    pending.current?.abort();
    if (!query) {
      setResults([]);
      setSearching(false);
      return;
    }
    const ctrl = new AbortController();
    pending.current = ctrl;
    setSearching(true);
    const timer = setTimeout(() => {
      searchPlaces(query, { signal: ctrl.signal })
        .then((answer) => {
          if (ctrl.signal.aborted) return;
          setResults(answer.list);
          setNotice(searchNotice(answer));
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!ctrl.signal.aborted) setSearching(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query]);

  const choosePlace = useCallback(
    (p: Poi | undefined) => {
      if (!p) return;
      form.setValue('address', p.address, { shouldValidate: true, shouldDirty: true });
      form.setValue('location', formatLonLat(p.lng, p.lat), { shouldValidate: true, shouldDirty: true });
      setQuery('');
    },
    [form],
  );

  const zh = i18n.language?.startsWith('zh') ?? false;
  const pickOnMap = useCallback(
    (lon: number, lat: number) => {
      form.setValue('location', formatLonLat(lon, lat), { shouldValidate: true, shouldDirty: true });
      if (form.getValues('address').trim()) return;
      // the nearest gazetteer city names the place (the user may edit it)
      nearestCities(lon, lat, 1)
        .then(({ list: [city] }) => {
          if (city && (city.distance ?? Infinity) < NEAREST_CITY_KM && !form.getValues('address').trim()) {
            form.setValue('address', zh ? city.labelZh : city.label, { shouldValidate: true });
          }
        })
        .catch(() => undefined);
    },
    [form, zh],
  );
  const location = form.watch('location');
  const picked = useMemo(() => {
    const at = parseLocation(location ?? '');
    return at ? { lon: at.lng, lat: at.lat } : null;
  }, [location]);

  const submit = form.handleSubmit(async (v) => {
    const body = projectBody(v, w.newProject.gridMode);
    const create = () => (w.newProject.enterprise ? createEnterpriseProject(body) : createProject(body));
    const p = await withLoading(() => (w.project ? updateProject({ projectId: w.project.projectId, ...body }) : create())).catch(() => null);
    if (!p) return;
    void message.success(t('common.saved'));
    setSaved(true);
    w.projectSaved(p);
  });

  const next = useCallback(() => {
    const mode = form.getValues('operationMode');
    w.actor.send({ type: 'step.go', step: mode === 1 || mode === 2 ? 'load' : 'building' });
  }, [form, w.actor]);

  return { form, submit, saved, next, results, searching, notice, search, choosePlace, pickOnMap, picked, location: location ?? '', project: w.project };
}
