// Small stroke icons for the toolbar (inline SVG: no icon font, crisp at any scale).
const PATHS = {
  outline: 'M4 17 L6 6 L15 4 L20 11 L14 20 Z',
  line: 'M5 19 L19 5 M5 19 m-1.6 0 a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0 M19 5 m-1.6 0 a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0',
  select: 'M6 4 L6 18 L10 14 L13 20 L15.5 19 L12.5 13 L18 13 Z',
  undo: 'M9 5 L4 10 L9 15 M4 10 H14 a5 5 0 0 1 0 10 H10',
  redo: 'M15 5 L20 10 L15 15 M20 10 H10 a5 5 0 0 0 0 10 H14',
  clear: 'M5 7 H19 M10 7 V4.5 H14 V7 M7 7 L8 20 H16 L17 7 M10.5 11 V16.5 M13.5 11 V16.5',
  fit: 'M4 9 V4 H9 M15 4 H20 V9 M20 15 V20 H15 M9 20 H4 V15',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={PATHS[name]} />
    </svg>
  );
}
