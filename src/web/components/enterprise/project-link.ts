// Where opening a project of the enterprise lists goes (as the personal list does,
// hooks/useProjectList.ts): an O&M project to its overview, a design project to its first step
// (the manual LITE-RE variant keeps its query).
import { LITE_RE, ROUTES } from '../../app/paths.ts';

export function projectUrl(p: { projectId: number; reOrAiom: string }): string {
  if (p.reOrAiom === 'AIOM') return `${ROUTES.aiomSummary}?id=${p.projectId}`;
  return `/setting/basic?id=${p.projectId}${p.reOrAiom === LITE_RE ? `&reOrAiom=${LITE_RE}` : ''}`;
}
