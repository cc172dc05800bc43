// The site and weather slide: where the project is and which year of weather its yield rests on.
import { contentSlide, keyTable, note, type Deck } from '../deck.ts';
import { num, withUnit } from '../format.ts';

export function siteSlide(deck: Deck): void {
  const { labels: l, input } = deck;
  const m = input.model;
  const f = l.field;
  const slide = contentSlide(deck, `${l.section.site} · ${l.section.weather}`);
  keyTable(deck, slide, [
    [f.projectName, m.project.name],
    [f.address, m.project.address ?? f.notAvailable],
    [f.latitude, `${num(m.project.latitude, 4)}°`],
    [f.longitude, `${num(m.project.longitude, 4)}°`],
    [f.elevation, withUnit(m.project.elevation, 0, 'm', l)],
  ], { x: 0.5, y: 1.1, w: 4.3 });
  keyTable(deck, slide, [
    [f.weatherSource, m.weather.source],
    [f.ghi, withUnit(m.weather.ghiKwhM2, 0, 'kWh/m²', l)],
    [f.meanTemp, withUnit(m.weather.meanTempC, 1, '°C', l)],
    [f.estimate, m.weather.estimate ? '✓' : '—'],
  ], { x: 5.2, y: 1.1, w: 4.3 });
  if (m.weather.citation) note(deck, slide, `${f.citation}: ${m.weather.citation}`, { x: 5.2, y: 2.6, w: 4.3, h: 1.2 });
}
