// English catalogue: design wizard, O&M and enterprise areas.
import type { setting as zh } from '../zh/setting.ts';
import type { Shape } from '../shape.ts';

export const setting: Shape<typeof zh> = {
  setting: {
    newProject: 'New project',
    blocked: 'Please complete the earlier steps first',
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
      saveFirst: 'Save the project information to go on',
    },
    frame: {
      load: 'Enter the annual consumption or upload an xlsx load file, and pick a consumption model.',
      building: 'Draw the building outline and roof lines on the satellite map or the drone model.',
      openLab: 'Open the roof lab',
      components: 'Choose modules, set tilt, azimuth, spacing and margins, and arrange them.',
      electrical: 'Choose inverters, string the modules, assign MPPTs and lay the cables.',
      economics: 'Set investment, tariffs and loans; compute the 25-year cash flow.',
      report: 'Produce the 3D and simulation reports.',
    },
  },
  aiom: {
    title: 'O&M',
    menu: {
      back: 'Back to list',
      summary: 'Overview',
      view: '3D view',
      patrol: 'Patrol',
      alarm: 'Alarms',
      statistics: 'Statistics',
      device: 'Devices',
      configuration: 'Configuration',
      fly: 'Flight plans',
    },
  },
  enterprise: {
    title: 'Enterprise',
    menu: {
      home: 'Enterprise home',
      projectList: 'Projects',
      businessList: 'Company information',
      personList: 'Personnel information',
      deviceList: 'Equipment information',
      selectEnterprise: 'Choose organisation',
    },
  },
};
