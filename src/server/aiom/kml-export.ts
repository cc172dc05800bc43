// A flight plan as KML 2.2 (OGC 07-147r2, "OGC KML 2.2"): one Document with a Placemark whose
// LineString holds the waypoints (lon,lat,alt; altitudeMode relativeToGround), a Placemark per
// waypoint, and the surveyed box as a Polygon — Google Earth and most ground stations open it.
import type { FlyPlan } from '../../model/api/aiom-operations.ts';

/** Escapes the five XML special characters. */
export function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** lon,lat,alt with 8 decimals of a degree (~1 mm) and 2 of a metre. */
export function kmlCoordinate(lon: number, lat: number, alt: number): string {
  return `${lon.toFixed(8)},${lat.toFixed(8)},${alt.toFixed(2)}`;
}

export function flyPlanKml(plan: FlyPlan, name: string): string {
  const line = plan.waypoints.map((w) => kmlCoordinate(w.lon, w.lat, w.altM)).join(' ');
  const box = [...plan.outline, plan.outline[0]].map((p) => kmlCoordinate(p.lon, p.lat, 0)).join(' ');
  const points = plan.waypoints
    .map(
      (w, i) => `    <Placemark>
      <name>WP${i + 1}</name>
      <Point><altitudeMode>relativeToGround</altitudeMode><coordinates>${kmlCoordinate(w.lon, w.lat, w.altM)}</coordinates></Point>
    </Placemark>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>${xmlEscape(name)}</name>
    <description>${xmlEscape(`GSD ${plan.gsdCmPerPx.toFixed(2)} cm/px, line spacing ${plan.lineSpacingM.toFixed(1)} m, photo interval ${plan.photoIntervalM.toFixed(1)} m, ${plan.lines} lines, ${plan.photos} photos`)}</description>
    <Placemark>
      <name>Flight path</name>
      <LineString>
        <tessellate>0</tessellate>
        <altitudeMode>relativeToGround</altitudeMode>
        <coordinates>${line}</coordinates>
      </LineString>
    </Placemark>
    <Placemark>
      <name>Survey area</name>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>${box}</coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>
    <Folder>
      <name>Waypoints</name>
${points}
    </Folder>
  </Document>
</kml>
`;
}
