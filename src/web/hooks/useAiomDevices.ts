// A plant's devices (aiom/devices): the list with each device's kind, state and last reading, the
// designed inverters of the bound design (its 'inverter-config' document) for the add form's choice,
// and register / remove, each followed by a reload.
import { useCallback, useEffect, useState } from 'react';
import type { AiomDeviceList } from '../../model/api/aiom-devices.ts';
import type { PlacedInverter } from '../../model/electrical-design.ts';
import { deleteDevice, listDevices, registerDevice, type DeviceRegisterInput } from '../api/aiom-devices.ts';
import { httpElectricalApi } from '../editor/electrical/electrical-api.ts';

export function useAiomDevices(projectId: number) {
  const [list, setList] = useState<AiomDeviceList | null>(null);
  const [loading, setLoading] = useState(false);
  const [designInverters, setDesignInverters] = useState<PlacedInverter[]>([]);
  const [designStrings, setDesignStrings] = useState<{ id: string; number: number; inverterId: string | null }[]>([]);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setList(await listDevices(projectId));
    } catch {
      // the client showed the error
    } finally {
      setLoading(false);
    }
  }, [projectId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const designId = list?.designProjectId ?? null;
  useEffect(() => {
    if (designId === null) return;
    let live = true;
    httpElectricalApi()
      .read('config', designId)
      .then((doc) => {
        if (!live || !doc.data) return;
        setDesignInverters(doc.data.inverters);
        setDesignStrings(doc.data.strings.map((s) => ({ id: s.id, number: s.number, inverterId: s.inverterId })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [designId]);

  const register = useCallback(
    async (body: DeviceRegisterInput) => {
      const d = await registerDevice(body);
      await reload();
      return d;
    },
    [reload],
  );

  const remove = useCallback(
    async (serial: string) => {
      await deleteDevice(projectId, serial);
      await reload();
    },
    [projectId, reload],
  );

  return { list, loading, reload, register, remove, designInverters, designStrings };
}
