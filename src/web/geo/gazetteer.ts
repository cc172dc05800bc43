// Place helpers of the web app. The gazetteer itself lives on the server (issue 6: its ≈ 8 MB no
// longer ship to the browser; src/server/catalogue/gazetteer.ts, searched through src/web/api/
// places.ts); the pure search and label functions are shared from src/model/catalogue/places.ts.
export { makePlace, normalise, placeLabel, searchPlaces, type Place } from '../../model/catalogue/places.ts';
