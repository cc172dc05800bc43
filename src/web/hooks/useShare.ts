// The share dialog (spec 001 §2, §3 Share, §4): a view link (1, 3, 7 or 30 days), a copyable link
// (2 hours: a signed-in visitor copies the project into their account) or a report link; create it,
// copy it. Anyone with a link opens the project without signing in until it expires.
import { useEffect, useMemo, useState } from 'react';
import { SHARE_DAYS } from '../../model/api/projects.ts';
import { shareCopyLink, shareProject, shareReportLink } from '../api/projects.ts';
import { useShareLink } from './useShareLink.ts';

export type ShareDays = (typeof SHARE_DAYS)[number];
export type ShareKind = 'view' | 'copy' | 'report';

export { absoluteUrl } from './useShareLink.ts';

export function useShare(projectId: number | null) {
  const [kind, setKind] = useState<ShareKind>('view');
  const [days, setDays] = useState<ShareDays>(7);
  const request = useMemo(
    () =>
      projectId === null
        ? null
        : () => (kind === 'copy' ? shareCopyLink(projectId) : kind === 'report' ? shareReportLink(projectId, days) : shareProject(projectId, days)),
    [projectId, days, kind],
  );
  const { link, setLink, creating, create, copy } = useShareLink(request);

  useEffect(() => setLink(null), [projectId, days, kind, setLink]);

  return { kind, setKind, days, setDays, link, creating, create, copy, options: SHARE_DAYS };
}
