// A plant's patrol (inspection) tasks: the list filtered by status and paged, create, update, delete
// and photo upload — each followed by a reload.
import { useCallback } from 'react';
import type { PatrolStatus } from '../../model/api/aiom-operations.ts';
import { createPatrol, deletePatrol, listPatrols, updatePatrol, uploadPatrolPhoto, type PatrolCreate, type PatrolUpdate } from '../api/aiom-operations.ts';
import { usePagedList } from './usePagedList.ts';

export function useAiomPatrol(projectId: number, size = 20) {
  const load = useCallback((q: { status?: PatrolStatus; page: number; size: number }) => listPatrols(projectId, q), [projectId]);
  const { filter, setFilter, page, setPage, rows, total, loading, reload } = usePagedList(load, {} as { status?: PatrolStatus }, size);
  const status = filter.status;
  const setStatus = useCallback((s: PatrolStatus | undefined) => setFilter({ status: s }), [setFilter]);

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
