// The organisation's detail (enterprise detail: company ID, membership, credit pool, seats, members,
// the caller's role), for the personnel page's summary and the super administrator's role choice.
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { enterpriseDetailSchema } from '../../model/api/enterprise.ts';
import { getEnterpriseDetail } from '../api/enterprise.ts';

export type EnterpriseDetail = z.output<typeof enterpriseDetailSchema>;

export function useEnterpriseDetail() {
  const [detail, setDetail] = useState<EnterpriseDetail | null>(null);
  const reload = useCallback(async () => {
    try {
      setDetail(await getEnterpriseDetail());
    } catch {
      // the client showed the error
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { detail, reload };
}
