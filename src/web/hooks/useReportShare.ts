// The Report step's "Share the report" (spec 000 §7 share/report/url; spec 001 §4): a report share
// link (7 days by default) that opens /shareReport without sign-in until it expires.
import { useMemo } from 'react';
import { shareReportLink } from '../api/projects.ts';
import { useShareLink } from './useShareLink.ts';

export function useReportShare(projectId: number | null) {
  const request = useMemo(() => (projectId === null ? null : () => shareReportLink(projectId)), [projectId]);
  const { link, setLink, creating, create, copy } = useShareLink(request);
  return { link, creating, create, copy, close: () => setLink(null) };
}
