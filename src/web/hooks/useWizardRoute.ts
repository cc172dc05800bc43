// The /setting frame's logic: one wizard actor per project, the project's facts loaded into it
// (GET overview), and the url kept in step with the machine — a menu click or an address typed asks
// the machine (step.go); the url follows the step the machine is on, so a blocked step or a raised
// leave flag never shows the wrong page.
import { App } from 'antd';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ProjectDetail, ProjectOverview } from '../../model/api/projects.ts';
import { getOverview } from '../api/projects.ts';
import { stepFromPath, stepUrl, type StepName } from '../app/paths.ts';
import { factsOf as modelFactsOf, type ProjectFacts } from '../../model/wizard.ts';
import { stepBlocker } from '../machines/wizard-gating.ts';
import { currentStep, wizardMachine } from '../machines/wizard.machine.ts';
import type { WizardHandle } from './wizard-context.ts';

/** The wizard's facts from a project overview (saved step documents and basicInfo). */
export function factsOf(o: Pick<ProjectOverview, 'project' | 'steps'> & Partial<Pick<ProjectOverview, 'content'>>): Partial<ProjectFacts> {
  const has = (step: string) => (o.steps[step]?.version ?? 0) > 0;
  return modelFactsOf(String(o.project.projectId), { ...o.project.basicInfo, reOrAiom: o.project.reOrAiom }, has, o.content);
}

export function useWizardRoute() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useMemo(() => ({ from: params.get('from'), pFrom: params.get('pFrom') }), [params]);
  const actor = useActorRef(wizardMachine, { input: { query, facts: { reOrAiom: params.get('reOrAiom') } } });
  const step = useSelector(actor, (s) => currentStep(s));
  const leaving = useSelector(actor, (s) => s.context.leave.flag);
  const blocked = useSelector(actor, (s) => s.context.blocked);
  const [project, setProject] = useState<ProjectDetail | null>(null);
  const [loading, setLoading] = useState(id !== null);
  const beforeLeave = useRef<(() => Promise<boolean>) | null>(null);
  const urlStep = stepFromPath(pathname.split('/')[2] ?? '') ?? 'information';

  const lastUrlStep = useRef<StepName | null>(null);

  // Load the project's facts (the sync below then asks for the url's step). The id the Information
  // step has just saved needs no load: the machine already holds its facts.
  useEffect(() => {
    if (!id) {
      setProject(null);
      setLoading(false);
      return;
    }
    if (actor.getSnapshot().context.facts.projectId === id) return;
    setLoading(true);
    getOverview(Number(id))
      .then((o) => {
        setProject(o.project);
        actor.send({ type: 'project.loaded', facts: factsOf(o) });
      })
      .catch(() => setProject(null))
      .finally(() => setLoading(false));
  }, [id, actor]);

  // Url and machine in step: a changed url (back button, typed address) asks the machine; the url
  // then follows the machine's step — pushed after a menu click, replaced after a correction.
  const facts = useSelector(actor, (s) => s.context.facts);
  useEffect(() => {
    if (loading) return;
    const urlChanged = lastUrlStep.current !== urlStep;
    lastUrlStep.current = urlStep;
    if (urlChanged && currentStep(actor.getSnapshot()) !== urlStep) actor.send({ type: 'step.go', step: urlStep });
    const now = currentStep(actor.getSnapshot());
    const { projectId, reOrAiom } = actor.getSnapshot().context.facts;
    if (now !== urlStep || (projectId !== null && projectId !== id)) {
      void navigate(stepUrl(now, { ...query, id: projectId, reOrAiom }), { replace: urlChanged || now === urlStep });
    }
  }, [urlStep, step, facts.projectId, loading, actor, id, navigate, query]);

  // A blocked step button: say why (the rule's first unmet condition).
  useEffect(() => {
    if (!blocked) return;
    const why = stepBlocker(blocked, actor.getSnapshot().context.facts);
    void message.warning({ content: why ? t('setting.blockedWhy', { why: t(`setting.blockedBy.${why}`) }) : t('setting.blocked'), key: 'step-blocked' });
  }, [blocked, message, t, actor]);

  // The leave flag (drawing and assign steps): save first, then go.
  useEffect(() => {
    if (!leaving) return;
    const m = modal.confirm({
      title: t('setting.leave.title'),
      content: t('setting.leave.text'),
      okText: t('setting.leave.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const ok = beforeLeave.current ? await beforeLeave.current() : true;
        actor.send({ type: ok ? 'leave.confirm' : 'leave.cancel' });
      },
      onCancel: () => actor.send({ type: 'leave.cancel' }),
    });
    return () => m.destroy();
  }, [leaving, modal, t, actor]);

  const go = useCallback((s: StepName) => actor.send({ type: 'step.go', step: s }), [actor]);

  const handle: WizardHandle = useMemo(
    () => ({
      actor,
      project,
      projectSaved: (p: ProjectDetail) => {
        setProject(p);
        const mode = p.basicInfo.powerStatOperationMode;
        actor.send({ type: 'info.saved', projectId: String(p.projectId), operationMode: mode === 1 || mode === 2 || mode === 3 ? mode : null, reOrAiom: p.reOrAiom });
      },
      newProject: { powerStationType: params.get('powerStationType'), surveyType: params.get('surveyType'), gridMode: params.get('gridMode'), enterprise: params.get('enterprise') === '1' },
      setBeforeLeave: (fn) => {
        beforeLeave.current = fn;
      },
    }),
    [actor, project, params],
  );

  return { handle, step, go, loading };
}
