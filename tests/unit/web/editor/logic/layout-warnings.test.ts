// The PV layout panel's warning (src/web/editor/layout/warnings.ts; issue 18 item 2: after Clear the
// capacity warning stayed at "0.00 / 20"): recomputed from the layout shown — the cap rule on every
// change, a placement's message only while its layout is still the one shown.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, type LayoutDocument } from '../../../../../src/model/design.ts';
import { removeModules } from '../../../../../src/web/editor/document/layout.ts';
import { LAYOUT_MESSAGE_KEYS, LAYOUT_MESSAGES } from '../../../../../src/web/editor/layout/validate.ts';
import { layoutWarning } from '../../../../../src/web/editor/layout/warnings.ts';

const MODULE = { libraryId: 1, manufacturer: 'Test', model: 'M500', powerW: 500, length: 2, width: 1 };

/** `n` modules of 500 W: 40 of them are the 20 kW cap. */
function layoutOf(n: number): LayoutDocument {
  const centers = Array.from({ length: n }, (_, i) => [i * 1.1, 0, 6]).flat();
  return { ...emptyLayoutDocument(), module: MODULE, arrays: [{ id: 'A', buildingId: 'B', faceId: 'f', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 0, azimuth: 180, along: 1, up: 2, centers, rowPitch: 0 }] };
}

const CAP = { key: LAYOUT_MESSAGE_KEYS.capReached };

describe('layout warning', () => {
  it('says the cap is reached while one more module would pass it, and not after a Clear', () => {
    const full = layoutOf(40);
    const placed = { layout: full, message: LAYOUT_MESSAGES.capReached };
    expect(layoutWarning(full, 20, placed)).toEqual(CAP);
    // Clear: the arrays gone, the placement's message stale, one module fits again: no warning.
    const cleared = { ...full, arrays: [] };
    expect(layoutWarning(cleared, 20, placed)).toBeNull();
    expect(layoutWarning(layoutOf(39), 20, null)).toBeNull();
    expect(layoutWarning(layoutOf(40), 20, null)).toEqual(CAP);
    expect(layoutWarning(full, null, null)).toBeNull();
  });

  it('shows a placement message only while the layout is the one that placement made', () => {
    const made = layoutOf(10);
    const note = { layout: made, message: 'Face f: no room for a module' };
    expect(layoutWarning(made, 20, note)).toEqual({ text: note.message });
    const fewer = removeModules(made, [{ arrayId: 'A', index: 0 }]);
    expect(layoutWarning(fewer, 20, note)).toBeNull();
    expect(layoutWarning(emptyLayoutDocument(), 20, note)).toBeNull();
  });
});
