// What electricity-price/list adds for the Economy step (issue 16 item 3): each system or own scheme
// (src/server/catalogue/tariffs.ts, migration 0005) in the 12 × 24 form the 'economic' document keeps
// (src/economics/tariffs.ts tariffFromSchemes), and the tariff templates (src/economics/
// tariff-templates.ts) marked as templates, with what they follow and its date — illustrative
// examples, never a provincial tariff and never current.
import { TARIFF_TEMPLATES } from '../../economics/tariff-templates.ts';
import { meanPrice, tariffFromSchemes } from '../../economics/tariffs.ts';
import type { ElectricityPriceList } from '../../model/api/economics.ts';
import type { Tariff } from '../../model/catalogue/tariffs.ts';

/** The templates as the list shows them. */
export function tariffTemplates(): ElectricityPriceList['templates'] {
  return TARIFF_TEMPLATES.map((t) => ({
    id: t.id,
    template: true as const,
    nameEn: t.nameEn,
    nameZh: t.nameZh,
    illustrative: true as const,
    source: t.basis,
    tariff: t.tariff,
    averagePrice: Math.round(meanPrice(t.tariff) * 10_000) / 10_000,
  }));
}

/** The list of the tariff catalogue with each scheme's 12 × 24 tariff, and the templates. */
export function electricityPriceList(catalogue: { list: Tariff[]; systemCount: number; notice: string | null }): ElectricityPriceList {
  return {
    ...catalogue,
    list: catalogue.list.map((s) => ({ ...s, template: false as const, tariff: tariffFromSchemes([{ kind: s.kind, price: s.price ?? undefined, periods: s.periods, months: s.months ?? undefined }]) })),
    templates: tariffTemplates(),
  };
}
