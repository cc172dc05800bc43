// English catalogue: design detail — placement order under the capacity cap (placeOrder), per-module
// shading loss and TSRF (shadeDetail).
import type { designDetail as zh } from '../zh/design-detail.ts';
import type { Shape } from '../shape.ts';

export const designDetail: Shape<typeof zh> = {
  placeOrder: {
    rankedWeather: 'Capacity cap reached: faces were filled by their annual irradiation per kWp ({{source}}), best first.',
    rankedProxy: 'Capacity cap reached: the weather could not be read, so faces were filled by an estimate from their direction and tilt, best first.',
    left: 'Faces left empty: {{faces}}',
    partial: 'Faces partly filled: {{faces}}',
    face: '{{dir}} {{tilt}}°',
    faceCount: '{{face}} ({{count}} modules)',
    separator: ', ',
    weatherEstimate: 'rough weather estimate',
    dir: { N: 'North', NE: 'North-east', E: 'East', SE: 'South-east', S: 'South', SW: 'South-west', W: 'West', NW: 'North-west', flat: 'Flat roof' },
  },
  shadeDetail: {
    table: 'Per module',
    module: 'Module',
    loss: 'Annual loss',
    access: 'Solar access',
    tsrf: 'TSRF',
    legend: "Annual shading loss (colour scale from this run's least to largest)",
    legendSame: 'Every module loses {{value}} a year',
    help: 'Annual loss: the beam and diffuse shading weighted by the annual beam and sky-diffuse irradiation of the module’s plane (ground-reflected light is not shaded). Solar access = 1 − annual loss. TSRF = solar access × annual irradiation of the module’s plane ÷ that of the optimal plane (facing the equator at the best tilt).',
    beamOnly: "The project's weather could not be read: the annual loss is the beam shading alone, and TSRF cannot be worked out.",
    moduleName: '{{face}} · module {{n}}',
    worstFirst: 'The modules losing most come first',
  },
};
