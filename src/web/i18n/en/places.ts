// English catalogue: address search (Information step; the server's gazetteer and online geocoder).
import type { places as zh } from '../zh/places.ts';
import type { Shape } from '../shape.ts';

export const places: Shape<typeof zh> = {
  places: {
    searching: 'Searching…',
    offline: 'Offline city search: no online geocoder is configured on this server',
    fallback: 'The online geocoder did not answer: offline city search',
    noResult: 'No relevant data was retrieved',
  },
};
