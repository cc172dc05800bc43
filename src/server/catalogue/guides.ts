// The help guides (spec 000 §7 GET /api/basic/guide/{id}): our own short user guides, written in
// Markdown in English and Chinese (src/model/catalogue/guides/{id}.{lang}.md). The title is the
// first-level heading. Read once, on first use.
import { readFile } from 'node:fs/promises';
import { guideIds } from '../../model/catalogue/api.ts';

export type GuideId = (typeof guideIds)[number];
export type GuideLang = 'en' | 'zh';

export interface Guide {
  id: GuideId;
  lang: GuideLang;
  title: string;
  markdown: string;
}

const DIR = new URL('../../model/catalogue/guides/', import.meta.url);

export function isGuideId(id: string): id is GuideId {
  return (guideIds as readonly string[]).includes(id);
}

/** The first '# ' heading of a Markdown text. */
export function titleOf(markdown: string): string {
  const m = /^#\s+(.+)$/m.exec(markdown);
  return m ? m[1].trim() : '';
}

export class Guides {
  private readonly cache = new Map<string, Promise<Guide>>();

  get(id: GuideId, lang: GuideLang): Promise<Guide> {
    const k = `${id}.${lang}`;
    let g = this.cache.get(k);
    if (!g) {
      g = readFile(new URL(`${k}.md`, DIR), 'utf8').then((markdown) => ({ id, lang, title: titleOf(markdown), markdown }));
      this.cache.set(k, g);
    }
    return g;
  }

  async list(lang: GuideLang): Promise<Array<Omit<Guide, 'markdown'>>> {
    const all = await Promise.all(guideIds.map((id) => this.get(id, lang)));
    return all.map(({ id, lang: l, title }) => ({ id, lang: l, title }));
  }
}
