// The report charts: pure functions from the report model to vector drawings (drawing.ts), written
// to PDF by the PDF writer, to SVG (svg.ts) and PNG (png.ts) for the Word writer.
export { axisNumber, niceStep, PALETTE, type DrawCommand, type Drawing, type Pt } from './drawing.ts';
export { barChart, type BarChartOptions, type BarSeries } from './bar-chart.ts';
export { lossDiagram } from './loss-diagram.ts';
export { layoutPlan, shadingColour, stringColour, type LayoutPlanOptions } from './layout-plan.ts';
export { singleLine } from './single-line.ts';
export { drawingToSvg } from './svg.ts';
