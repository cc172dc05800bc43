// Electricity tariff schemes (spec 001 §7 electricity-price/list; migration 0005): the list for a
// place is the system schemes of that province (and city, or province-wide ones) plus the user's own;
// users add, change and delete their own. No system scheme is seeded: this repository holds no
// officially published tariff table, so the list says when none exists for the place.
import type { Kysely, Selectable } from 'kysely';
import { averagePrice, type Tariff, type TariffInput, type TariffPeriod } from '../../model/catalogue/tariffs.ts';
import type { Clock } from '../clock.ts';
import type { Database, TariffsTable } from '../db/schema.ts';
import { apiError } from '../errors.ts';

interface TariffData {
  price: number | null;
  periods: TariffPeriod[];
  months: number[] | null;
}

/** A stored scheme as read (its columns: db/schema.ts TariffsTable). */
type Row = Omit<Selectable<TariffsTable>, 'created_at'>;

function tariffOf(r: Row): Tariff {
  const d = JSON.parse(r.data) as TariffData;
  const kind = r.kind as Tariff['kind'];
  return {
    id: r.id,
    owner: r.user_id === null ? 'system' : 'user',
    name: r.name,
    province: r.province,
    city: r.city,
    kind,
    price: d.price,
    periods: d.periods,
    months: d.months,
    source: r.source,
    averagePrice: averagePrice({ kind, price: d.price ?? undefined, periods: d.periods }),
    currency: 'CNY',
    updateTime: r.updated_at.toISOString(),
  };
}

function dataOf(t: TariffInput): string {
  const d: TariffData = { price: t.kind === 'uniform' ? (t.price ?? null) : null, periods: t.kind === 'peak-valley' ? (t.periods ?? []) : [], months: t.months ?? null };
  return JSON.stringify(d);
}

const NO_SYSTEM = 'No published tariff is stored on this server for this place: add your own scheme (from your electricity bill or the local tariff notice)';

export class TariffService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** System schemes of the place and the user's own (own first, newest first). */
  async list(userId: number, place: { province?: string; city?: string }) {
    let system = this.db.selectFrom('tariffs').selectAll().where('user_id', 'is', null);
    if (place.province) system = system.where('province', '=', place.province);
    if (place.city) {
      const city = place.city;
      system = system.where((eb) => eb.or([eb('city', '=', city), eb('city', 'is', null)]));
    }
    const sys = await system.orderBy('province').orderBy('city').orderBy('id').execute();
    let own = this.db.selectFrom('tariffs').selectAll().where('user_id', '=', userId);
    if (place.province) {
      const province = place.province;
      own = own.where((eb) => eb.or([eb('province', '=', province), eb('province', 'is', null)]));
    }
    const mine = await own.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
    return { list: [...mine, ...sys].map(tariffOf), systemCount: sys.length, notice: sys.length === 0 ? NO_SYSTEM : null };
  }

  async add(userId: number, t: TariffInput): Promise<Tariff> {
    const now = this.clock.now();
    const row = await this.db
      .insertInto('tariffs')
      .values({ user_id: userId, name: t.name, province: t.province || null, city: t.city || null, kind: t.kind, data: dataOf(t), source: t.source || null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return tariffOf(row);
  }

  /** Changes the user's own scheme; a system scheme or another user's answers 404. */
  async update(userId: number, id: number, t: TariffInput): Promise<Tariff> {
    const row = await this.db
      .updateTable('tariffs')
      .set({ name: t.name, province: t.province || null, city: t.city || null, kind: t.kind, data: dataOf(t), source: t.source || null, updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw apiError('NOT_FOUND');
    return tariffOf(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    const row = await this.db.deleteFrom('tariffs').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
    if (!row) throw apiError('NOT_FOUND');
  }
}
