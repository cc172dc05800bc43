// Solar position: the NREL Solar Position Algorithm (SPA).
//   Reda, I. & Andreas, A. (2004, rev. 2008) Solar Position Algorithm for Solar Radiation Applications.
//   NREL/TP-560-34302. Uncertainty ±0.0003° for the years −2000 … 6000.
// As pvlib.solarposition.spa_python / pvlib.spa: the same steps, ΔT default 67 s, refraction
// constant atmos_refract 0.5667°, pressure in Pa (converted to mbar for the refraction formula).
//
// Angles in degrees; azimuth clockwise from north (90 east, 180 south); times as Unix milliseconds (UTC).
//
// Two entry points: `solarPosition` (one time, the paper's steps exactly) and `solarPositions` (many
// times). The array form evaluates the slowly varying geocentric quantities — right ascension,
// declination, Earth–Sun distance and nutation in right ascension, which carry all of SPA's periodic
// series (≈ 320 sines and cosines) — on a grid of one day and interpolates them with a 4-point
// Lagrange cubic; everything that moves with the Earth's rotation (sidereal time, hour angle,
// parallax, refraction, azimuth) is computed per time. On the grid the series terms advance by
// rotation (angle addition) instead of fresh cosines, and for evenly spaced times so does the
// Earth's rotation angle. The interpolation error is ~1e-6° at most (mostly the annual term of α),
// far inside SPA's own ±0.0003°. When the times are sparse over a long span (fewer times than grid
// days), each time is evaluated directly.
import {
  B_TERMS,
  L_TERMS,
  NUTATION_ROW,
  NUTATION_TERMS,
  R_TERMS,
  nutationArgument,
  nutationArguments,
  nutationGrid,
  seriesGrid,
  seriesSum,
} from './spa-terms.ts';

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;
/** Julian day of the Unix epoch. */
const JD_UNIX_EPOCH = 2440587.5;
/** Unix time of J2000.0, JD 2451545.0 = 2000-01-01T12:00Z [ms]. */
const J2000_MS = 946_728_000_000;
const MS_PER_DAY = 86_400_000;

/** Site and atmosphere of a solar position computation. */
export interface SolarPositionOptions {
  /** Site elevation above sea level [m]; default 0. */
  elevation?: number;
  /** Annual average local pressure [Pa]; default 101325. */
  pressure?: number;
  /** Annual average local temperature [°C]; default 12. */
  temperature?: number;
  /** ΔT = TT − UT1 [s]; default 67. */
  deltaT?: number;
  /** Apparent sunrise/sunset refraction, SPA's atmos_refract [°]; default 0.5667. */
  atmosRefract?: number;
}

/** One solar position (docs/ENGINE-API.md solar-position). */
export interface SolarPosition {
  /** Topocentric zenith angle without refraction [°]. */
  zenith: number;
  /** Topocentric zenith angle with atmospheric refraction [°]. */
  apparentZenith: number;
  /** Topocentric elevation angle without refraction, 90 − zenith [°]. */
  elevation: number;
  /** Topocentric elevation angle with refraction [°]. */
  apparentElevation: number;
  /** Topocentric azimuth, clockwise from north [°] in [0, 360). */
  azimuth: number;
  /** Equation of time, apparent minus mean solar time [min]. */
  equationOfTime: number;
  /** Geocentric declination of the Sun [°]. */
  declination: number;
}

/** Solar positions for many times: one Float64Array per field, index-aligned with the times. */
export interface SolarPositionArrays {
  zenith: Float64Array;
  apparentZenith: Float64Array;
  elevation: Float64Array;
  apparentElevation: Float64Array;
  azimuth: Float64Array;
  equationOfTime: Float64Array;
  declination: Float64Array;
}

/** Every intermediate quantity of the SPA, named as in the paper (Table A5.1 lists them for the example). */
export interface SpaSteps {
  /** Julian day (UT) [d]. */ jd: number;
  /** Julian century (UT). */ jc: number;
  /** Julian ephemeris day [d]. */ jde: number;
  /** Julian ephemeris century. */ jce: number;
  /** Julian ephemeris millennium. */ jme: number;
  /** Earth heliocentric longitude L [°]. */ L: number;
  /** Earth heliocentric latitude B [°]. */ B: number;
  /** Earth radius vector R [AU]. */ R: number;
  /** Geocentric longitude Θ [°]. */ theta: number;
  /** Geocentric latitude β [°]. */ beta: number;
  /** Mean elongation of the Moon from the Sun X0 [°]. */ x0: number;
  /** Mean anomaly of the Sun X1 [°]. */ x1: number;
  /** Mean anomaly of the Moon X2 [°]. */ x2: number;
  /** Moon's argument of latitude X3 [°]. */ x3: number;
  /** Longitude of the ascending node of the Moon's orbit X4 [°]. */ x4: number;
  /** Nutation in longitude Δψ [°]. */ deltaPsi: number;
  /** Nutation in obliquity Δε [°]. */ deltaEpsilon: number;
  /** Mean obliquity of the ecliptic ε0 [″]. */ epsilon0: number;
  /** True obliquity of the ecliptic ε [°]. */ epsilon: number;
  /** Aberration correction Δτ [°]. */ deltaTau: number;
  /** Apparent Sun longitude λ [°]. */ lambda: number;
  /** Mean sidereal time at Greenwich ν0 [°]. */ nu0: number;
  /** Apparent sidereal time at Greenwich ν [°]. */ nu: number;
  /** Geocentric right ascension α [°]. */ alpha: number;
  /** Geocentric declination δ [°]. */ delta: number;
  /** Observer local hour angle H [°]. */ H: number;
  /** Equatorial horizontal parallax of the Sun ξ [°]. */ xi: number;
  /** Parallax in right ascension Δα [°]. */ deltaAlpha: number;
  /** Topocentric right ascension α′ [°]. */ alphaPrime: number;
  /** Topocentric declination δ′ [°]. */ deltaPrime: number;
  /** Topocentric local hour angle H′ [°]. */ HPrime: number;
  /** Topocentric elevation without refraction e0 [°]. */ e0: number;
  /** Atmospheric refraction correction Δe [°]. */ deltaE: number;
  /** Topocentric elevation with refraction e [°]. */ e: number;
  /** Topocentric zenith with refraction θ [°]. */ zenith: number;
  /** Topocentric astronomers' azimuth Γ (westward from south) [°]. */ gamma: number;
  /** Topocentric azimuth Φ (eastward from north) [°]. */ azimuth: number;
  /** Sun's mean longitude M [°]. */ M: number;
  /** Equation of time [min]. */ equationOfTime: number;
}

interface Site {
  lat: number;
  lon: number;
  sinLat: number;
  cosLat: number;
  /** Parallax terms x and y of the observer (SPA eq. 37–40). */
  x: number;
  y: number;
  /** Refraction scale (P/1010)·(283/(273+T)) with P in mbar. */
  refractScale: number;
  /** Sun below this elevation: no refraction correction [°]. */
  refractLimit: number;
  deltaT: number;
}

function site(latitude: number, longitude: number, o: SolarPositionOptions): Site {
  const elevation = o.elevation ?? 0;
  const pressure = o.pressure ?? 101325;
  const temperature = o.temperature ?? 12;
  const lat = latitude * D2R;
  const u = Math.atan(0.99664719 * Math.tan(lat));
  return {
    lat: latitude,
    lon: longitude,
    sinLat: Math.sin(lat),
    cosLat: Math.cos(lat),
    x: Math.cos(u) + (elevation / 6378140) * Math.cos(lat),
    y: 0.99664719 * Math.sin(u) + (elevation / 6378140) * Math.sin(lat),
    refractScale: (pressure / 100 / 1010) * (283 / (273 + temperature)),
    refractLimit: -(0.26667 + (o.atmosRefract ?? 0.5667)),
    deltaT: o.deltaT ?? 67,
  };
}

/** Julian day (UT) of a Unix time [ms]. */
export function julianDay(unixMs: number): number {
  return unixMs / MS_PER_DAY + JD_UNIX_EPOCH;
}

/** x reduced to [0, 360) (floor, not %, which is a slow library call for doubles). */
function mod360(x: number): number {
  return x - 360 * Math.floor(x / 360);
}

const scratchX = new Float64Array(5);

/** The geocentric steps of the SPA at one time; writes nothing but `out`. */
function geocentric(jd: number, deltaT: number, out: SpaSteps): void {
  const jde = jd + deltaT / 86400;
  const jme = (jde - 2451545) / 365250;
  const jce = jme * 10;
  nutationArguments(jce, scratchX);
  let sumPsi = 0;
  let sumEps = 0;
  const n = NUTATION_TERMS;
  for (let k = 0; k < n.length; k += NUTATION_ROW) {
    const arg = nutationArgument(k, scratchX);
    sumPsi += (n[k + 5] + n[k + 6] * jce) * Math.sin(arg);
    sumEps += (n[k + 7] + n[k + 8] * jce) * Math.cos(arg);
  }
  out.x0 = scratchX[0];
  out.x1 = scratchX[1];
  out.x2 = scratchX[2];
  out.x3 = scratchX[3];
  out.x4 = scratchX[4];
  geocentricFrom(
    jd,
    jde,
    seriesSum(L_TERMS, jme) * R2D,
    seriesSum(B_TERMS, jme) * R2D,
    seriesSum(R_TERMS, jme),
    sumPsi / 36_000_000,
    sumEps / 36_000_000,
    out,
  );
}

/**
 * The geocentric steps after the periodic series (SPA 3.2.7–3.8, and the equation of time).
 * @param L heliocentric longitude [°] (any turn)
 * @param B heliocentric latitude [°]
 * @param R radius vector [AU]
 * @param deltaPsi nutation in longitude [°]
 * @param deltaEpsilon nutation in obliquity [°]
 */
function geocentricFrom(jd: number, jde: number, L: number, B: number, R: number, deltaPsi: number, deltaEpsilon: number, out: SpaSteps): void {
  const jc = (jd - 2451545) / 36525;
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;
  L = mod360(L);
  const theta = mod360(L + 180);
  const beta = -B;
  const U = jme / 10;
  const epsilon0 =
    84381.448 +
    U * (-4680.93 + U * (-1.55 + U * (1999.25 + U * (-51.38 + U * (-249.67 + U * (-39.05 + U * (7.12 + U * (27.87 + U * (5.79 + U * 2.45)))))))));
  const epsilon = epsilon0 / 3600 + deltaEpsilon;
  const deltaTau = -20.4898 / (3600 * R);
  const lambda = theta + deltaPsi + deltaTau;
  const nu0 = mod360(280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000);
  const epsR = epsilon * D2R;
  const nu = nu0 + deltaPsi * Math.cos(epsR);
  const lamR = lambda * D2R;
  const betaR = beta * D2R;
  const alpha = mod360(Math.atan2(Math.sin(lamR) * Math.cos(epsR) - Math.tan(betaR) * Math.sin(epsR), Math.cos(lamR)) * R2D);
  const delta = Math.asin(Math.sin(betaR) * Math.cos(epsR) + Math.cos(betaR) * Math.sin(epsR) * Math.sin(lamR)) * R2D;
  const M = sunMeanLongitude(jme);
  out.jd = jd;
  out.jc = jc;
  out.jde = jde;
  out.jce = jce;
  out.jme = jme;
  out.L = L;
  out.B = B;
  out.R = R;
  out.theta = theta;
  out.beta = beta;
  out.deltaPsi = deltaPsi;
  out.deltaEpsilon = deltaEpsilon;
  out.epsilon0 = epsilon0;
  out.epsilon = epsilon;
  out.deltaTau = deltaTau;
  out.lambda = lambda;
  out.nu0 = nu0;
  out.nu = nu;
  out.alpha = alpha;
  out.delta = delta;
  out.M = M;
  out.equationOfTime = equationOfTime(M, alpha, deltaPsi * Math.cos(epsR));
}

/** Sun's mean longitude M [°] at a Julian ephemeris millennium (SPA eq. A.2). */
function sunMeanLongitude(jme: number): number {
  return 280.4664567 + jme * (360007.6982779 + jme * (0.03032028 + jme * (1 / 49931 + jme * (-1 / 15300 + jme * (-1 / 2000000)))));
}

/** SPA eq. A.1: E = M − 0.0057183° − α + Δψ·cos ε, as minutes in [−20, 20]. */
function equationOfTime(M: number, alpha: number, nutationRa: number): number {
  let e = mod360(M - 0.0057183 - alpha + nutationRa) * 4;
  if (e > 20) e -= 1440;
  return e;
}

/** The observer-dependent steps (SPA 3.9–3.15) for one time; returns nothing, fills `out`. */
function topocentric(s: Site, nu: number, alpha: number, delta: number, R: number, out: SpaSteps): void {
  const H = mod360(nu + s.lon - alpha);
  const xi = 8.794 / (3600 * R);
  const Hr = H * D2R;
  const dr = delta * D2R;
  const sinXi = Math.sin(xi * D2R);
  const den = Math.cos(dr) - s.x * sinXi * Math.cos(Hr);
  const deltaAlpha = Math.atan2(-s.x * sinXi * Math.sin(Hr), den);
  const deltaPrime = Math.atan2((Math.sin(dr) - s.y * sinXi) * Math.cos(deltaAlpha), den);
  const HPrime = Hr - deltaAlpha;
  const sinE0 = s.sinLat * Math.sin(deltaPrime) + s.cosLat * Math.cos(deltaPrime) * Math.cos(HPrime);
  const e0 = Math.asin(Math.min(1, Math.max(-1, sinE0))) * R2D;
  const deltaE = refraction(s, e0);
  const e = e0 + deltaE;
  const gamma = mod360(
    Math.atan2(Math.sin(HPrime), Math.cos(HPrime) * s.sinLat - Math.tan(deltaPrime) * s.cosLat) * R2D,
  );
  out.H = H;
  out.xi = xi;
  out.deltaAlpha = deltaAlpha * R2D;
  out.alphaPrime = alpha + deltaAlpha * R2D;
  out.deltaPrime = deltaPrime * R2D;
  out.HPrime = HPrime * R2D;
  out.e0 = e0;
  out.deltaE = deltaE;
  out.e = e;
  out.zenith = 90 - e;
  out.gamma = gamma;
  out.azimuth = mod360(gamma + 180);
}

/** SPA eq. 42: refraction correction Δe [°]; 0 with the Sun well below the horizon. */
function refraction(s: Site, e0: number): number {
  if (!(e0 >= s.refractLimit)) return 0;
  return (s.refractScale * 1.02) / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * D2R));
}

/** A steps record with every field present (one hidden class, fast writes in the loops). */
function emptySteps(): SpaSteps {
  return {
    jd: NaN, jc: NaN, jde: NaN, jce: NaN, jme: NaN, L: NaN, B: NaN, R: NaN, theta: NaN, beta: NaN, x0: NaN,
    x1: NaN, x2: NaN, x3: NaN, x4: NaN, deltaPsi: NaN, deltaEpsilon: NaN, epsilon0: NaN, epsilon: NaN,
    deltaTau: NaN, lambda: NaN, nu0: NaN, nu: NaN, alpha: NaN, delta: NaN, H: NaN, xi: NaN, deltaAlpha: NaN,
    alphaPrime: NaN, deltaPrime: NaN, HPrime: NaN, e0: NaN, deltaE: NaN, e: NaN, zenith: NaN, gamma: NaN,
    azimuth: NaN, M: NaN, equationOfTime: NaN,
  };
}

/**
 * Every intermediate value of the SPA at one time (the paper's Table A5.1).
 * @param unixMs time [ms since 1970-01-01T00:00Z, UTC]
 * @param latitude observer latitude, north positive [°]
 * @param longitude observer longitude, east positive [°]
 */
export function spaSteps(unixMs: number, latitude: number, longitude: number, options: SolarPositionOptions = {}): SpaSteps {
  const s = site(latitude, longitude, options);
  const out = emptySteps();
  geocentric(julianDay(unixMs), s.deltaT, out);
  topocentric(s, out.nu, out.alpha, out.delta, out.R, out);
  return out;
}

function positionOf(st: SpaSteps): SolarPosition {
  return {
    zenith: 90 - st.e0,
    apparentZenith: st.zenith,
    elevation: st.e0,
    apparentElevation: st.e,
    azimuth: st.azimuth,
    equationOfTime: st.equationOfTime,
    declination: st.delta,
  };
}

/**
 * The solar position at one time (NREL SPA).
 * @param unixMs time [ms since 1970-01-01T00:00Z, UTC]
 * @param latitude observer latitude, north positive [°]
 * @param longitude observer longitude, east positive [°]
 */
export function solarPosition(unixMs: number, latitude: number, longitude: number, options: SolarPositionOptions = {}): SolarPosition {
  return positionOf(spaSteps(unixMs, latitude, longitude, options));
}

function allocate(n: number): SolarPositionArrays {
  return {
    zenith: new Float64Array(n),
    apparentZenith: new Float64Array(n),
    elevation: new Float64Array(n),
    apparentElevation: new Float64Array(n),
    azimuth: new Float64Array(n),
    equationOfTime: new Float64Array(n),
    declination: new Float64Array(n),
  };
}

/** Grid spacing of the geocentric quantities in the array form [d]. */
const GRID_DAYS = 1;
/** Evenly spaced times between exact re-evaluations of the rotating Earth angle. */
const RESYNC = 32;

/**
 * Solar positions at many times (NREL SPA; see the file header for the interpolation of the
 * geocentric terms). Times need not be sorted or evenly spaced; a NaN time gives NaN outputs.
 * @param unixMs times [ms since 1970-01-01T00:00Z, UTC]
 * @param latitude observer latitude, north positive [°]
 * @param longitude observer longitude, east positive [°]
 */
export function solarPositions(
  unixMs: Float64Array | readonly number[],
  latitude: number,
  longitude: number,
  options: SolarPositionOptions = {},
): SolarPositionArrays {
  const n = unixMs.length;
  const out = allocate(n);
  const s = site(latitude, longitude, options);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = unixMs[i];
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  if (!(hi >= lo) || !Number.isFinite(hi - lo)) {
    directLoop(unixMs, s, out);
    return out;
  }
  const jd0 = Math.floor(julianDay(lo) / GRID_DAYS) * GRID_DAYS - GRID_DAYS;
  const nodes = Math.ceil((julianDay(hi) - jd0) / GRID_DAYS) + 3;
  if (nodes > n) {
    directLoop(unixMs, s, out);
    return out;
  }
  const g = geocentricGrid(jd0, nodes, s.deltaT);
  const deltaT = s.deltaT;
  // Evenly spaced times (hourly weather): the Earth's rotation angle Θ = ν0 − (its slow terms) + λ
  // advances by a fixed angle per step, so sin/cos of the hour angle H = Θ − S come from a rotation
  // and the interpolated sin/cos of the slow part S, without a sine per time.
  const step = uniformStep(unixMs);
  const rotate = Number.isFinite(step);
  const dTheta = rotate ? ((360.98564736629 * step) / MS_PER_DAY) * D2R : 0;
  const cdT = Math.cos(dTheta);
  const sdT = Math.sin(dTheta);
  let sinT = 0;
  let cosT = 1;
  for (let i = 0; i < n; i++) {
    const t = unixMs[i];
    if (!Number.isFinite(t)) {
      fillNaN(out, i, i + 1);
      continue;
    }
    /** Days since J2000.0 (JD 2451545), from exact millisecond arithmetic. */
    const d2000 = (t - J2000_MS) / MS_PER_DAY;
    // 4-point Lagrange on nodes k−1, k, k+1, k+2 with k = floor(u).
    const u = (d2000 + 2451545 - jd0) / GRID_DAYS;
    const k = Math.floor(u);
    const f = u - k;
    const fm1 = f + 1;
    const f1 = f - 1;
    const f2 = f - 2;
    const w0 = (-f * f1 * f2) / 6;
    const w1 = (fm1 * f1 * f2) / 2;
    const w2 = (-fm1 * f * f2) / 2;
    const w3 = (fm1 * f * f1) / 6;
    const alpha = w0 * g.alpha[k - 1] + w1 * g.alpha[k] + w2 * g.alpha[k + 1] + w3 * g.alpha[k + 2];
    const delta = w0 * g.delta[k - 1] + w1 * g.delta[k] + w2 * g.delta[k + 1] + w3 * g.delta[k + 2];
    const sinD = w0 * g.sinDelta[k - 1] + w1 * g.sinDelta[k] + w2 * g.sinDelta[k + 1] + w3 * g.sinDelta[k + 2];
    const cosD = w0 * g.cosDelta[k - 1] + w1 * g.cosDelta[k] + w2 * g.cosDelta[k + 1] + w3 * g.cosDelta[k + 2];
    const R = w0 * g.R[k - 1] + w1 * g.R[k] + w2 * g.R[k + 1] + w3 * g.R[k + 2];
    const nut = w0 * g.nut[k - 1] + w1 * g.nut[k] + w2 * g.nut[k + 1] + w3 * g.nut[k + 2];
    let sinH: number;
    let cosH: number;
    if (rotate) {
      if (i % RESYNC === 0) {
        const theta = mod360(280.46061837 + 360.98564736629 * d2000 + s.lon) * D2R;
        sinT = Math.sin(theta);
        cosT = Math.cos(theta);
      }
      const sinS = w0 * g.sinSlow[k - 1] + w1 * g.sinSlow[k] + w2 * g.sinSlow[k + 1] + w3 * g.sinSlow[k + 2];
      const cosS = w0 * g.cosSlow[k - 1] + w1 * g.cosSlow[k] + w2 * g.cosSlow[k + 1] + w3 * g.cosSlow[k + 2];
      // interpolated sin/cos drift off the unit circle by ~1e-8: renormalise
      const norm = 1 / Math.sqrt(sinS * sinS + cosS * cosS);
      sinH = (sinT * cosS - cosT * sinS) * norm;
      cosH = (cosT * cosS + sinT * sinS) * norm;
      const nextSin = sinT * cdT + cosT * sdT;
      cosT = cosT * cdT - sinT * sdT;
      sinT = nextSin;
    } else {
      const jc = d2000 / 36525;
      const nu0 = 280.46061837 + 360.98564736629 * d2000 + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000;
      const Hr = mod360(nu0 + nut + s.lon - alpha) * D2R;
      sinH = Math.sin(Hr);
      cosH = Math.cos(Hr);
    }
    fastTopocentric(s, sinH, cosH, sinD, cosD, R, out, i);
    out.equationOfTime[i] = equationOfTime(sunMeanLongitude((d2000 + deltaT / 86400) / 365250), alpha, nut);
    out.declination[i] = delta;
  }
  return out;
}

/** The common spacing of the times [ms], or NaN when they are not evenly spaced and increasing. */
function uniformStep(t: Float64Array | readonly number[]): number {
  if (t.length < 2) return NaN;
  const step = t[1] - t[0];
  if (!(step > 0) || !Number.isFinite(step)) return NaN;
  for (let i = 2; i < t.length; i++) if (t[i] - t[i - 1] !== step) return NaN;
  return step;
}

/** The geocentric quantities the topocentric steps need, on an evenly spaced grid of Julian days. */
interface GeocentricGrid {
  /** Geocentric right ascension, unwrapped across 360 [°]. */
  alpha: Float64Array;
  /** Geocentric declination [°]. */
  delta: Float64Array;
  sinDelta: Float64Array;
  cosDelta: Float64Array;
  /** Radius vector [AU]. */
  R: Float64Array;
  /** Nutation in right ascension Δψ·cos ε [°]. */
  nut: Float64Array;
  /**
   * sin and cos of the slow part S of the hour angle H = Θ − S, with Θ = 280.46061837° +
   * 360.98564736629°·(JD − 2451545) + longitude and S = α − Δψ·cos ε − 0.000387933°·JC² + JC³/38710000.
   */
  sinSlow: Float64Array;
  cosSlow: Float64Array;
}

function geocentricGrid(jd0: number, nodes: number, deltaT: number): GeocentricGrid {
  const jme0 = (jd0 + deltaT / 86400 - 2451545) / 365250;
  const step = GRID_DAYS / 365250;
  const tmp = new Float64Array(nodes);
  const L = seriesGrid(L_TERMS, jme0, step, nodes, tmp);
  const B = seriesGrid(B_TERMS, jme0, step, nodes, tmp);
  const R = seriesGrid(R_TERMS, jme0, step, nodes, tmp);
  const dPsi = new Float64Array(nodes);
  const dEps = new Float64Array(nodes);
  nutationGrid(jme0 * 10, step * 10, nodes, dPsi, dEps);
  const g: GeocentricGrid = {
    alpha: new Float64Array(nodes),
    delta: new Float64Array(nodes),
    sinDelta: new Float64Array(nodes),
    cosDelta: new Float64Array(nodes),
    R,
    nut: new Float64Array(nodes),
    sinSlow: new Float64Array(nodes),
    cosSlow: new Float64Array(nodes),
  };
  const st = emptySteps();
  for (let k = 0; k < nodes; k++) {
    const jd = jd0 + k * GRID_DAYS;
    geocentricFrom(jd, jd + deltaT / 86400, L[k] * R2D, B[k] * R2D, R[k], dPsi[k], dEps[k], st);
    let a = st.alpha;
    if (k > 0) a += 360 * Math.round((g.alpha[k - 1] - a) / 360);
    g.alpha[k] = a;
    g.delta[k] = st.delta;
    g.sinDelta[k] = Math.sin(st.delta * D2R);
    g.cosDelta[k] = Math.cos(st.delta * D2R);
    g.nut[k] = st.nu - st.nu0;
    const slow = (st.alpha - g.nut[k] - 0.000387933 * st.jc * st.jc + (st.jc * st.jc * st.jc) / 38710000) * D2R;
    g.sinSlow[k] = Math.sin(slow);
    g.cosSlow[k] = Math.cos(slow);
  }
  return g;
}

/**
 * `topocentric` without allocation and with fewer transcendental calls (each costs ~30 ns, the
 * whole budget is ~300 ns per time): sin/cos of Δα and δ′ come from the atan2 arguments, sin/cos H′
 * from the angle-difference identities, sin ξ from its series (ξ < 3e-6 rad). Same equations.
 * @param sinH sine of the local hour angle H
 * @param cosH cosine of H
 */
function fastTopocentric(
  s: Site,
  sinH: number,
  cosH: number,
  sinD: number,
  cosD: number,
  R: number,
  out: SolarPositionArrays,
  i: number,
): void {
  const xi = (8.794 / (3600 * R)) * D2R;
  const sinXi = xi - (xi * xi * xi) / 6;
  // Δα = atan2(num, den)
  const num = -s.x * sinXi * sinH;
  const den = cosD - s.x * sinXi * cosH;
  const hyp = Math.sqrt(num * num + den * den);
  const cosDA = den / hyp;
  const sinDA = num / hyp;
  // δ′ = atan2((sin δ − y sin ξ) cos Δα, den)
  const pn = (sinD - s.y * sinXi) * cosDA;
  const ph = Math.sqrt(pn * pn + den * den);
  const sinDp = pn / ph;
  const cosDp = den / ph;
  // H′ = H − Δα
  const sinHp = sinH * cosDA - cosH * sinDA;
  const cosHp = cosH * cosDA + sinH * sinDA;
  let sinE0 = s.sinLat * sinDp + s.cosLat * cosDp * cosHp;
  if (sinE0 > 1) sinE0 = 1;
  else if (sinE0 < -1) sinE0 = -1;
  const e0 = Math.asin(sinE0) * R2D;
  const e = e0 + refraction(s, e0);
  // Φ = Γ + 180 with Γ = atan2(sin H′, cos H′ sin φ − tan δ′ cos φ); both arguments scaled by cos δ′ > 0.
  let azimuth = Math.atan2(sinHp * cosDp, cosHp * s.sinLat * cosDp - sinDp * s.cosLat) * R2D + 180;
  if (azimuth >= 360) azimuth -= 360;
  out.zenith[i] = 90 - e0;
  out.apparentZenith[i] = 90 - e;
  out.elevation[i] = e0;
  out.apparentElevation[i] = e;
  out.azimuth[i] = azimuth;
}

function directLoop(unixMs: Float64Array | readonly number[], s: Site, out: SolarPositionArrays): void {
  const st = emptySteps();
  for (let i = 0; i < unixMs.length; i++) {
    const t = unixMs[i];
    if (!Number.isFinite(t)) {
      fillNaN(out, i, i + 1);
      continue;
    }
    geocentric(julianDay(t), s.deltaT, st);
    topocentric(s, st.nu, st.alpha, st.delta, st.R, st);
    const p = positionOf(st);
    out.zenith[i] = p.zenith;
    out.apparentZenith[i] = p.apparentZenith;
    out.elevation[i] = p.elevation;
    out.apparentElevation[i] = p.apparentElevation;
    out.azimuth[i] = p.azimuth;
    out.equationOfTime[i] = p.equationOfTime;
    out.declination[i] = p.declination;
  }
}

function fillNaN(out: SolarPositionArrays, from: number, to: number): void {
  for (const a of Object.values(out) as Float64Array[]) a.fill(NaN, from, to);
}

/**
 * Incidence angle of the Sun on a surface, SPA eq. 47 (the paper's own convention).
 * @param apparentZenith topocentric zenith with refraction [°]
 * @param azimuth Sun azimuth, clockwise from north [°]
 * @param slope surface slope from horizontal [°]
 * @param azimuthRotation surface azimuth rotation measured from south, west positive, east negative [°]
 * @returns incidence angle [°]
 */
export function spaIncidence(apparentZenith: number, azimuth: number, slope: number, azimuthRotation: number): number {
  const z = apparentZenith * D2R;
  const w = slope * D2R;
  const gamma = (azimuth - 180) * D2R;
  const c = Math.cos(z) * Math.cos(w) + Math.sin(w) * Math.sin(z) * Math.cos(gamma - azimuthRotation * D2R);
  return Math.acos(Math.min(1, Math.max(-1, c))) * R2D;
}
