// Drone flight plans over a roof (issue 21 §6 "fly"): a lawnmower (boustrophedon) survey of the
// building outlines' bounding box, rotated along the outlines' longest edge, from the camera and the
// overlaps. Photogrammetry figures (e.g. Pix4D "Ground sampling distance (GSD)" and "Step 1. Before
// starting a project > Designing the image acquisition plan"):
//   GSD [m/px]        = sensorWidth [mm] · altitude [m] / (focalLength [mm] · imageWidth [px])
//   footprint across  = GSD · imageWidth = sensorWidth · altitude / focalLength          [m]
//   footprint along   = GSD · imageHeight                                                 [m]
//   line spacing      = footprint across · (1 − side overlap)                             [m]
//   photo interval    = footprint along  · (1 − front overlap)                            [m]
// The plan frame is the design's (x east, y north [m], origin at the project's lat/lng); plan
// metres become lon/lat by the local equirectangular approximation on the WGS84 equatorial radius
// (error < 1 cm over a few hundred metres).
import type { FlyPlan } from '../../model/api/aiom-operations.ts';

/** WGS84 equatorial radius [m]. */
export const EARTH_RADIUS_M = 6_378_137;

export interface Camera {
  /** [mm] */ sensorWidthMm: number;
  /** [mm] */ focalLengthMm: number;
  /** [px] */ imageWidthPx: number;
  /** [px] */ imageHeightPx: number;
}

export interface SurveyParameters {
  /** Flight height above take-off [m]. */ altitudeM: number;
  /** [%] */ frontOverlapPercent: number;
  /** [%] */ sideOverlapPercent: number;
  /** Added around the outline's box on each side [m]. */ marginM: number;
  /** [m/s] */ speedMs: number;
  camera: Camera;
}

/** Ground sampling distance [m/px]. */
export function groundSamplingDistance(c: Camera, altitudeM: number): number {
  return (c.sensorWidthMm * altitudeM) / (c.focalLengthMm * c.imageWidthPx);
}

/** A photo's ground footprint [m]: across track (image width) and along track (image height). */
export function footprint(c: Camera, altitudeM: number): { across: number; along: number } {
  const gsd = groundSamplingDistance(c, altitudeM);
  return { across: gsd * c.imageWidthPx, along: gsd * c.imageHeightPx };
}

/** Plan metres → lon/lat around the origin [°]. */
export function planToLonLat(origin: { lat: number; lng: number }, x: number, y: number): { lon: number; lat: number } {
  const lat = origin.lat + (y / EARTH_RADIUS_M) * (180 / Math.PI);
  const lon = origin.lng + (x / (EARTH_RADIUS_M * Math.cos((origin.lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lon, lat };
}

type XY = readonly [number, number];

/** The direction of the longest edge of the rings [rad, counter-clockwise from east]; 0 without edges. */
export function longestEdgeAngle(rings: readonly (readonly XY[])[]): number {
  let best = -1;
  let angle = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % ring.length];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len > best) {
        best = len;
        angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
      }
    }
  }
  return angle;
}

/**
 * The survey over the rings (plan metres): flight lines parallel to the longest edge, `lineSpacing`
 * apart, covering the rotated bounding box plus the margin, flown alternately (serpentine); one
 * waypoint at each end of each line.
 */
export function surveyPlan(rings: readonly (readonly XY[])[], origin: { lat: number; lng: number }, p: SurveyParameters): Omit<FlyPlan, 'projectId'> {
  const points = rings.flat();
  if (points.length < 3) throw new Error('no building outline to fly over');
  const gsd = groundSamplingDistance(p.camera, p.altitudeM);
  const fp = footprint(p.camera, p.altitudeM);
  const lineSpacingM = fp.across * (1 - p.sideOverlapPercent / 100);
  const photoIntervalM = fp.along * (1 - p.frontOverlapPercent / 100);
  const theta = longestEdgeAngle(rings);
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  // u along the longest edge, v across it.
  const toUV = ([x, y]: XY): XY => [x * cos + y * sin, -x * sin + y * cos];
  const toXY = (u: number, v: number): XY => [u * cos - v * sin, u * sin + v * cos];
  const uv = points.map(toUV);
  const u0 = Math.min(...uv.map((q) => q[0])) - p.marginM;
  const u1 = Math.max(...uv.map((q) => q[0])) + p.marginM;
  const v0 = Math.min(...uv.map((q) => q[1])) - p.marginM;
  const v1 = Math.max(...uv.map((q) => q[1])) + p.marginM;
  // Lines centred across the box: enough that the first and last footprints reach its edges.
  const width = v1 - v0;
  const lines = Math.max(1, Math.ceil(Math.max(0, width - fp.across) / lineSpacingM) + 1);
  const span = (lines - 1) * lineSpacingM;
  const vStart = (v0 + v1) / 2 - span / 2;
  const waypoints: FlyPlan['waypoints'] = [];
  const push = (u: number, v: number) => {
    const [x, y] = toXY(u, v);
    const ll = planToLonLat(origin, x, y);
    waypoints.push({ lon: ll.lon, lat: ll.lat, altM: p.altitudeM, x, y });
  };
  for (let i = 0; i < lines; i++) {
    const v = vStart + i * lineSpacingM;
    if (i % 2 === 0) {
      push(u0, v);
      push(u1, v);
    } else {
      push(u1, v);
      push(u0, v);
    }
  }
  const lineLength = u1 - u0;
  let lengthM = 0;
  for (let i = 1; i < waypoints.length; i++) lengthM += Math.hypot(waypoints[i].x - waypoints[i - 1].x, waypoints[i].y - waypoints[i - 1].y);
  const photosPerLine = Math.floor(lineLength / photoIntervalM) + 1;
  const corners = [toXY(u0, v0), toXY(u1, v0), toXY(u1, v1), toXY(u0, v1)].map(([x, y]) => planToLonLat(origin, x, y));
  // Bearing clockwise from north of the line direction (u axis): 90° − θ.
  const headingDeg = (((90 - (theta * 180) / Math.PI) % 360) + 360) % 360;
  return {
    gsdCmPerPx: gsd * 100,
    footprintWidthM: fp.across,
    footprintHeightM: fp.along,
    lineSpacingM,
    photoIntervalM,
    headingDeg,
    lines,
    lengthM,
    photos: photosPerLine * lines,
    durationS: lengthM / p.speedMs,
    outline: corners,
    waypoints,
  };
}
