// The boundary data of the Information step's offline map, bundled (a chunk of its own, loaded with the
// map): countries from @surbowl/world-geo-json-zh (Unlicense; Natural Earth 1:50m Admin 0, adjusted to
// the standard maps of the Ministry of Natural Resources of China — GS(2023)2767, GS(2021)5443 — with
// ISO 3166 codes and Chinese names) and China's 34 provincial-level divisions with the South China Sea
// islands from @esmjs/geo (MIT; DataV.GeoAtlas, GS京(2022)1061). Static named imports, so that the
// bundler keeps only `china` of @esmjs/geo's 4 MB of city maps.
import { china } from '@esmjs/geo';
import world from '@surbowl/world-geo-json-zh';

export { china, world };
