// A plant's patrol (inspection) tasks: the list filtered by status and paged, create, update, delete
// and photo upload — each followed by a reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PatrolStatus, PatrolTask } from '../../model/api/aiom-operations.ts';
import { createPatrol, deletePatrol, listPatrols, updatePatrol, uploadPatrolPhoto, type PatrolCreate, type PatrolUpdate } from '../api/aiom-operations.ts';

export function useAiomPatrol(projectId: number, size = 20) {
  const [status, setStatusState] = useState<PatrolStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<PatrolTask[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const r = await listPatrols(projectId, { status, page, size });
      if (ticket !== latest.current) return;
      setRows(r.list);
      setTotal(r.total);
    } catch {
      // the client showed the error
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [projectId, status, page, size]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setStatus = useCallback((s: PatrolStatus | undefined) => {
    setStatusState(s);
    setPage(1);
  }, []);

  const save = useCallback(
    async (body: PatrolCreate | PatrolUpdate) => {
      const task = 'id' in body ? await updatePatrol(body) : await createPatrol(body);
      await reload();
      return task;
    },
    [reload],
  );

  const remove = useCallback(
    async (id: number) => {
      await deletePatrol(id);
      await reload();
    },
    [reload],
  );

  const addPhoto = useCallback(
    async (id: number, file: File) => {
      const task = await uploadPatrolPhoto(id, file, file.name);
      await reload();
      return task;
    },
    [reload],
  );

  return { status, setStatus, page, setPage, size, rows, total, loading, save, remove, addPhoto, reload };
}
