// The variables of an alarm notice SMS: whitespace runs become one space, and a value longer than 20
// characters (counted by code point, so a Chinese plant name counts its characters) keeps its first
// 19 and an ellipsis.
import { describe, expect, it } from 'vitest';
import { noticeVariable, SMS_NOTICE_VARIABLE_MAX } from '../../../src/server/providers/sms.ts';

describe('noticeVariable', () => {
  it('keeps a value of at most 20 characters, collapsing whitespace', () => {
    expect(SMS_NOTICE_VARIABLE_MAX).toBe(20);
    expect(noticeVariable('  Roof  A\n east ')).toBe('Roof A east');
    expect(noticeVariable('12345678901234567890')).toBe('12345678901234567890');
  });

  it('cuts a longer value to 19 characters and an ellipsis, by code point', () => {
    expect(noticeVariable('123456789012345678901')).toBe('1234567890123456789…');
    // 22 Chinese characters → the first 19.
    expect(noticeVariable('杭州仓库屋顶光伏电站二期工程扩建部分并网项目')).toBe('杭州仓库屋顶光伏电站二期工程扩建部分并…');
    // An astral character (U+1F31E) is one character, never split.
    expect(noticeVariable('🌞'.repeat(25))).toBe(`${'🌞'.repeat(19)}…`);
  });
});
