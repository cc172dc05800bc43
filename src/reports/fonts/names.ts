// The report font's family names, apart from the font loader so browser-safe code (charts as SVG)
// can name it without importing node:fs.

/** The family name written into documents (Word / PowerPoint run fonts, SVG). */
export const CJK_FONT_FAMILY = 'Noto Sans SC';
/** The East Asian font a Word / PowerPoint reader falls back to when Noto Sans SC is not installed. */
export const CJK_FALLBACK_FAMILY = 'Microsoft YaHei';
