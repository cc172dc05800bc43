// "My credits": membership, quota (a failed quota load only stops the loading state, spec 001 §8),
// the drone service state (active when projectLimit and surplusCapacity are both non-zero, §4) and
// the credit log, page by page.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { membershipSchema, quotaSchema } from '../../model/api/auth.ts';
import type { CreditLog } from '../../model/api/account-answers.ts';
import { getCreditLog, getMembership, getQuota } from '../api/user.ts';

export type Quota = z.infer<typeof quotaSchema>;

/** Spec 001 §4: the drone service is active when projectLimit and surplusCapacity are non-zero. */
export function droneServiceActive(q: Pick<Quota, 'projectLimit' | 'surplusCapacity'>): boolean {
  return q.projectLimit !== 0 && q.surplusCapacity !== 0;
}

export function useQuota() {
  const size = 10;
  const [quota, setQuota] = useState<Quota | null>(null);
  const [loadingQuota, setLoadingQuota] = useState(true);
  const [membership, setMembership] = useState<z.infer<typeof membershipSchema> | null>(null);
  const [log, setLog] = useState<CreditLog | null>(null);
  const [loadingLog, setLoadingLog] = useState(true);
  const [page, setPage] = useState(1);

  useEffect(() => {
    getQuota()
      .then(setQuota)
      .catch(() => undefined)
      .finally(() => setLoadingQuota(false));
    getMembership()
      .then(setMembership)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    setLoadingLog(true);
    getCreditLog(page, size)
      .then(setLog)
      .catch(() => undefined)
      .finally(() => setLoadingLog(false));
  }, [page]);

  return { quota, loadingQuota, membership, log, loadingLog, page, size, setPage, droneActive: quota ? droneServiceActive(quota) : false };
}
