// The activities the product announces (spec 000 §7 getActivity): rows of the activities table
// (migration 0005) that are enabled and running now, in the reader's language. None is configured by
// default, so the list is empty until an operator adds one.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

export class Activities {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async current(lang: 'en' | 'zh') {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('activities')
      .selectAll()
      .where('enabled', '=', true)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: lang === 'zh' ? r.title_zh : r.title_en,
      body: lang === 'zh' ? r.body_zh : r.body_en,
      url: r.url,
      startTime: r.starts_at.toISOString(),
      endTime: r.ends_at ? r.ends_at.toISOString() : null,
    }));
  }
}
