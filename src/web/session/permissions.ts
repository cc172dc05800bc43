// Licence permissions (spec 000 §3 "Licence fields", §4 "Licence", §6): the lite (design) or aiom
// (operation) permission is on when that product's licence is permanent or not expired. The field
// names carry the product prefix ({product}_LITE_licensePermanent …); matching by suffix keeps the
// prefix in one place (the server).

export type Product = 'LITE' | 'AIOM';

export interface Permissions {
  lite: boolean;
  aiom: boolean;
}

function field(licenses: Record<string, unknown>, product: Product, name: string): unknown {
  const suffix = `_${product}_${name}`;
  for (const [k, v] of Object.entries(licenses)) if (k.endsWith(suffix)) return v;
  return undefined;
}

/**
 * Whether a product's licence allows use: permanent, or present and not expired. A licence with an
 * expiry date in the past counts as expired even when the stored flag is stale (`now` [ms epoch]).
 */
export function hasLicense(licenses: Record<string, unknown>, product: Product, now: number = Date.now()): boolean {
  if (field(licenses, product, 'licensePermanent') === true) return true;
  const expired = field(licenses, product, 'licenseExpired');
  if (expired !== false) return false;
  const date = field(licenses, product, 'expiredDate');
  if (typeof date === 'string' && date) {
    const t = Date.parse(date);
    if (Number.isFinite(t) && t <= now) return false;
  }
  return true;
}

export function permissionsOf(licenses: Record<string, unknown>, now: number = Date.now()): Permissions {
  return { lite: hasLicense(licenses, 'LITE', now), aiom: hasLicense(licenses, 'AIOM', now) };
}
