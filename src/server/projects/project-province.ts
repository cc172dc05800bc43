// A project's province when the client sends only its position (the wizard picks a point on the map or
// an address): the province of the nearest place of the offline gazetteer, within 100 km, in Chinese
// when the gazetteer has it (the enterprise dashboard's province distribution counts by it).
import type { Gazetteer } from '../catalogue/gazetteer.ts';

/** Farthest a place may lie from the project for its province to be taken [km]. */
export const PROVINCE_RADIUS_KM = 100;

export async function provinceAt(gazetteer: Gazetteer, lat: number, lng: number): Promise<string | null> {
  const near = (await gazetteer.nearest(lat, lng, {}, 1))[0];
  if (!near || near.distanceKm > PROVINCE_RADIUS_KM) return null;
  return near.place.stateZh ?? (near.place.state || null);
}

/** The body with its province filled from its position when it names none. */
export async function withProvince<B extends { province?: string | null; lat?: number | null; lng?: number | null; location?: string }>(
  gazetteer: Gazetteer,
  body: B,
  parse: (location: string) => { lat: number; lng: number } | null,
): Promise<B> {
  if (body.province) return body;
  const at = body.location ? parse(body.location) : body.lat != null && body.lng != null ? { lat: body.lat, lng: body.lng } : null;
  if (!at) return body;
  const province = await provinceAt(gazetteer, at.lat, at.lng);
  return province ? { ...body, province } : body;
}
