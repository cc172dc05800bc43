// Display conversions of the roof lab (the engine's JSON stays in compass degrees).

/** Installer azimuth [°] from a compass azimuth: 0 = south, east negative, west positive, in (−180, 180]. */
export function installerAzimuth(compass: number): number {
  let a = (((compass - 180) % 360) + 360) % 360; // [0, 360)
  if (a > 180) a -= 360;
  return a + 0; // −0 → 0
}

/** 8-point compass name of an azimuth [°]. */
export function compassPoint(azimuth: number): 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW' {
  const names = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
  return names[Math.round((((azimuth % 360) + 360) % 360) / 45) % 8];
}

/** Short form of a long generated id: its first 6 characters. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 6)}…` : id;
}

export function fixed(v: number | null | undefined, digits: number): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);
}
