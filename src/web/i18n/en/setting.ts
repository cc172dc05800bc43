// English catalogue: design wizard and O&M areas (the enterprise area: enterprise.ts).
import type { setting as zh } from '../zh/setting.ts';
import type { Shape } from '../shape.ts';

export const setting: Shape<typeof zh> = {
  setting: {
    newProject: 'New project',
    blocked: 'Please complete the earlier steps first',
    blockedWhy: 'Please complete the earlier steps first. {{why}}',
    blockedBy: {
      projectUnsaved: 'Save the project information first.',
      loadMissing: 'Configure the load in the Load step first.',
      noBuilding: 'Draw and save at least one closed building in the Building step first.',
      noModules: 'Arrange and save at least one module in the PV Layout step first.',
      noInverterConfig: 'Configure the inverters in the Electric step first.',
    },
    step: {
      information: 'Information',
      load: 'Load',
      building: 'Building',
      components: 'PV Layout',
      electrical: 'Electric',
      economics: 'Economy',
      report: 'Report',
    },
    leave: {
      title: 'Leave this step',
      text: 'The step is saved before you leave.',
      ok: 'Save and leave',
    },
    info: {
      basic: 'Basic information',
      site: 'Location',
      searchPlaceholder: 'Search a city, e.g. Shanghai or Springfield, Illinois',
      locationHint: 'Format: longitude,latitude; or click the map.',
      mapHint: 'Click to pick the location; wheel to zoom; drag to pan.',
      mapReset: 'Whole world',
      mapUnavailable: 'The map cannot be shown (WebGL is unavailable): pick the location with the address search above.',
      mapSources: 'Boundaries: Natural Earth (adjusted to the standard maps of China, world-geo-json-zh), DataV.GeoAtlas provinces; cities: the country-state-city gazetteer. Offline: no tile server is asked.',
      saveFirst: 'Save the project information to go on',
    },
  },
};
