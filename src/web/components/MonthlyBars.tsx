// Twelve monthly values as a small bar chart (SVG).
export function MonthlyBars({ values, width = 180, height = 40 }: { values: number[]; width?: number; height?: number }) {
  const max = Math.max(1e-9, ...values);
  const w = width / Math.max(1, values.length);
  return (
    <svg width={width} height={height} role="img">
      {values.map((v, i) => {
        const h = (Math.max(0, v) / max) * (height - 2);
        return <rect key={i} x={i * w + 1} y={height - h} width={Math.max(1, w - 2)} height={h} fill="#436CF5" opacity={0.8} />;
      })}
    </svg>
  );
}
