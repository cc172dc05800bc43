// The conclusion slide: the system, its yield, its economics verdict (NPV ≥ 0: viable) and the CO₂
// avoided, as bullet points.
import { contentSlide, type Deck } from '../deck.ts';
import { num, pct } from '../format.ts';
import { TEXT_COLOUR } from '../theme.ts';

/** The conclusion's bullet lines. */
export function conclusionLines(deck: Deck): string[] {
  const { input, labels: l } = deck;
  const m = input.model;
  const f = l.field;
  const lines = [`${f.capacity}: ${num(m.system.capacityKwp, 2)} kWp · ${f.moduleCount}: ${num(m.system.modules, 0)}`];
  if (m.energy) lines.push(`${f.annualEnergy}: ${num(m.energy.acKwh, 0)} kWh · ${f.specificYield}: ${num(m.energy.specificYield, 0)} kWh/kWp · ${f.performanceRatio}: ${pct(m.energy.performanceRatio, 1)}`);
  else lines.push(l.text.noEnergy);
  if (m.balance) lines.push(`${f.selfConsumption}: ${pct(m.balance.selfConsumptionRate, 1)} · ${f.selfSufficiency}: ${pct(m.balance.selfSufficiencyRate, 1)}`);
  if (m.economics) {
    lines.push(`${f.npv}: ${num(m.economics.npv, 0)} · ${f.irr}: ${pct(m.economics.irr, 1, f.notAvailable)} · ${f.payback}: ${m.economics.paybackYears === null ? f.notAvailable : `${num(m.economics.paybackYears, 1)} ${f.unitYears}`}`);
    lines.push(m.economics.npv >= 0 ? l.text.conclusionPositive : l.text.conclusionNegative);
  } else lines.push(l.text.noEconomics);
  if (m.co2) lines.push(`${f.co2FirstYear}: ${num(m.co2.firstYearTonnes, 1)} t · ${f.co2Lifetime}: ${num(m.co2.lifetimeTonnes, 1)} t`);
  return lines;
}

export function conclusionSlide(deck: Deck): void {
  const slide = contentSlide(deck, deck.labels.section.conclusion);
  slide.addText(
    conclusionLines(deck).map((text) => ({ text, options: { bullet: true, breakLine: true } })),
    { x: 0.6, y: 1.2, w: 8.8, h: 3.6, fontFace: deck.theme.font, fontSize: 16, color: TEXT_COLOUR, valign: 'top', paraSpaceAfter: 8 },
  );
}
