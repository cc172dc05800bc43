// The Information step's address search helper (src/web/hooks/useInformationStep.ts): which notice a
// search answer shows (offline because no geocoder is configured, or because it failed).
import { describe, expect, it } from 'vitest';
import { searchNotice } from '../../../src/web/hooks/useInformationStep.ts';

describe('address search helpers', () => {
  it('shows why the offline gazetteer answered, and nothing when the geocoder did', () => {
    expect(searchNotice({ provider: 'offline', configured: false })).toBe('places.offline');
    expect(searchNotice({ provider: 'offline', configured: true })).toBe('places.fallback');
    expect(searchNotice({ provider: 'nominatim', configured: true })).toBeNull();
  });
});
