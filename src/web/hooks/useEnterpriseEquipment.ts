// The organisation's equipment lists (spec 000 §2 deviceList; spec 001 §2 "Equipment information:
// module, inverter and manufacturer libraries with enable and disable and source (system or
// enterprise)", §4 'Status Updated Successfully'): a module, inverter or manufacturer list with the
// search, source and status filters; enabling / disabling a system or own entry for the whole
// organisation; deleting an own entry; the names of the enabled manufacturers for the forms.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EquipmentKind, EquipmentSource } from '../../model/api/enterprise.ts';
import {
  deleteEquipment,
  listEnterpriseCompanies,
  listEnterpriseInverters,
  listEnterpriseModules,
  setEquipmentEnabled,
  type EquipmentListQuery,
} from '../api/enterprise.ts';
import { usePagedList, type Paged } from './usePagedList.ts';

export interface EquipmentFilter {
  keyword: string;
  source: 'all' | EquipmentSource;
  enabled: 'all' | 'enabled' | 'disabled';
  /** Manufacturers: module or inverter makers. */
  type?: 'module' | 'inverter';
}

export const EQUIPMENT_PAGE_SIZE = 10;

function query(f: EquipmentFilter & { page: number; size: number }): EquipmentListQuery {
  return { page: f.page, size: f.size, keyword: f.keyword.trim() || undefined, source: f.source, enabled: f.enabled === 'all' ? undefined : f.enabled === 'enabled', type: f.type };
}

type Query = EquipmentFilter & { page: number; size: number };
const LOAD = {
  component: (f: Query) => listEnterpriseModules(query(f)),
  inverter: (f: Query) => listEnterpriseInverters(query(f)),
  company: (f: Query) => listEnterpriseCompanies(query(f)),
};

type Row = { id: number; source: EquipmentSource; enabled: boolean };

export function useEnterpriseEquipment<R extends Row>(kind: EquipmentKind, initial: Partial<EquipmentFilter> = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = usePagedList(LOAD[kind] as unknown as (q: Query) => Promise<Paged<R>>, { keyword: '', source: 'all', enabled: 'all', ...initial }, EQUIPMENT_PAGE_SIZE);
  const { setRows, reload } = list;

  const setEnabled = useCallback(
    async (row: R, enabled: boolean) => {
      try {
        await setEquipmentEnabled(kind, row.id, row.source, enabled);
        void message.success(t('library.statusUpdated'));
        setRows((rows) => rows.map((r) => (r.id === row.id && r.source === row.source ? { ...r, enabled } : r)));
      } catch {
        // the client showed the error
      }
    },
    [kind, message, t, setRows],
  );

  const remove = useCallback(
    async (row: R) => {
      try {
        await deleteEquipment(kind, row.id);
        void message.success(t('enterprise.deleted'));
        await reload();
      } catch {
        // the client showed the error
      }
    },
    [kind, message, t, reload],
  );

  return { ...list, setEnabled, remove };
}

/** The enabled manufacturer names (English and Chinese) of a kind, for a form's suggestions. */
export function useEnterpriseManufacturerNames(type: 'module' | 'inverter', active: boolean): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    listEnterpriseCompanies({ page: 1, size: 100, source: 'all', enabled: true, type })
      .then((r) => live && setNames([...new Set(r.list.flatMap((m) => [m.nameEn, m.nameZh].filter((s): s is string => !!s)))].sort()))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [type, active]);
  return names;
}
