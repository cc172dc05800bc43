// The manufacturers of one kind (spec 001 §2 "Equipment information": module and inverter manufacturer
// libraries, system or own, enabled or disabled): the list, enable / disable ('Status Updated
// Successfully') and adding an own one; and the names a form suggests.
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listManufacturers, setEntryEnabled, type LibraryKind, type Manufacturer } from '../api/library.ts';

export function useLibraryManufacturers(kind: LibraryKind, active = true) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [list, setList] = useState<Manufacturer[]>([]);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setList(await listManufacturers(kind));
    } catch {
      // the client showed the error
    } finally {
      setLoading(false);
    }
  }, [kind]);

  useEffect(() => {
    if (active) void reload();
  }, [active, reload]);

  const setEnabled = useCallback(
    async (m: Manufacturer, enabled: boolean) => {
      try {
        await setEntryEnabled('manufacturer', m.id, enabled);
        void message.success(t('library.statusUpdated'));
        setList((l) => l.map((x) => (x.id === m.id ? { ...x, enabled } : x)));
      } catch {
        // the client showed the error
      }
    },
    [message, t],
  );

  /** The names of the enabled manufacturers (English and Chinese), for a form's suggestions. */
  const names = useMemo(() => [...new Set(list.filter((m) => m.enabled).flatMap((m) => [m.nameEn, m.nameZh].filter((s): s is string => !!s)))].sort(), [list]);

  return { list, loading, reload, setEnabled, names };
}
