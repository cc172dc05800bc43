// power-load/type-list (spec 000 §7; spec 001 §9 "Consumption models"): every consumption model of
// the Load step (src/economics/load-profiles.ts CONSUMPTION_MODELS) with its Chinese and English name,
// what the user enters and a typical weekday and weekend shape to draw: the product's types with their
// own shapes (src/model/catalogue/load-types.ts), the BDEW standard load profiles with the inputs of
// the scaled types (annual or monthly consumption) and their transition-season workday and Sunday,
// scaled so that the higher of the two peaks at 1 like the product's relative weights.
import { bdewTable } from '../../economics/bdew-table.ts';
import { bdewProfileOf, CONSUMPTION_MODELS } from '../../economics/load-profiles.ts';
import type { ConsumptionModelItem } from '../../model/api/economics.ts';
import { LOAD_TYPES } from '../../model/catalogue/load-types.ts';

let cached: ConsumptionModelItem[] | undefined;

export function consumptionModels(): ConsumptionModelItem[] {
  if (cached) return cached;
  const scaled = LOAD_TYPES.find((t) => t.id === 'constant')?.inputs ?? [];
  const table = bdewTable();
  cached = CONSUMPTION_MODELS.map((m) => {
    const base = { id: m.id, nameEn: m.nameEn, nameZh: m.nameZh, descriptionEn: m.descriptionEn, descriptionZh: m.descriptionZh, family: m.family };
    const profile = bdewProfileOf(m.id);
    if (!profile) {
      const t = LOAD_TYPES.find((x) => x.id === m.id);
      return { ...base, inputs: t?.inputs ?? [], weekday: t?.weekday ?? null, weekend: t?.weekend ?? null };
    }
    const { workday, sunday } = table[profile].transition;
    const peak = Math.max(...workday, ...sunday) || 1;
    return { ...base, inputs: scaled, weekday: Array.from(workday, (v) => v / peak), weekend: Array.from(sunday, (v) => v / peak) };
  });
  return cached;
}
