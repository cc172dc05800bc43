// Shared by the flight-plan export tests (kml-export, wpml-export): a survey plan over a 100 m × 50 m
// roof (1-inch camera: 13.2 mm sensor width, 8.8 mm focal length, 5472 × 3648 px, DJI Phantom 4 Pro;
// 20 m altitude, 80 % front and 70 % side overlap, 5 m margin, 5 m/s), and a strict XML parse (saxes,
// XML 1.0 with namespaces) listing every element with its namespace, text and path.
import { SaxesParser } from 'saxes';
import { surveyPlan } from '../../../src/server/aiom/fly-plan.ts';

const camera = { sensorWidthMm: 13.2, focalLengthMm: 8.8, imageWidthPx: 5472, imageHeightPx: 3648 };
const roof: [number, number][] = [[0, 0], [100, 0], [100, 50], [0, 50]];

/** The survey plan of the test roof at (30° N, 120° E), for project 1. */
export function roofPlan() {
  return { projectId: 1, ...surveyPlan([roof], { lat: 30, lng: 120 }, { altitudeM: 20, frontOverlapPercent: 80, sideOverlapPercent: 70, marginM: 5, speedMs: 5, camera }) };
}

/** Elements by name with their text, after a strict parse (throws on malformed XML). */
export function parseXml(xml: string) {
  const p = new SaxesParser({ xmlns: true });
  const elements: { name: string; uri: string; text: string; path: string }[] = [];
  const stack: { name: string; uri: string; text: string }[] = [];
  p.on('error', (e) => {
    throw e;
  });
  p.on('opentag', (t) => stack.push({ name: t.local, uri: t.uri, text: '' }));
  p.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  p.on('closetag', () => {
    const path = stack.map((s) => s.name).join('/');
    const e = stack.pop()!;
    elements.push({ ...e, path });
  });
  p.write(xml).close();
  return elements;
}
