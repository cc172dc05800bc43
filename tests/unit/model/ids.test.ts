import { describe, expect, it } from 'vitest';
import { isGeneratedId, newId, newIds, TooManyError } from '../../../src/model/ids.ts';
import { GEOMETRY, TOO_MANY_MESSAGE } from '../../../src/model/constants.ts';

describe('generated ids (spec 000 §9)', () => {
  it('are 16 random letters followed by the timestamp', () => {
    const id = newId(1_732_000_000_000);
    expect(id).toMatch(/^[A-Za-z]{16}1732000000000$/);
    expect(isGeneratedId(id)).toBe(true);
  });

  it('are distinct in a large batch', () => {
    const ids = newIds(50_000, 1);
    expect(new Set(ids).size).toBe(50_000);
  });

  it("refuse past the engine's cap with '数量过多，无法计算'", () => {
    expect(() => newIds(GEOMETRY.maxEntities + 1)).toThrow(TooManyError);
    expect(() => newIds(GEOMETRY.maxEntities + 1)).toThrow(TOO_MANY_MESSAGE);
    expect(TOO_MANY_MESSAGE).toBe('数量过多，无法计算');
  });
});
