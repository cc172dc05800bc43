// The DJI WPML KMZ: a zip of wpmz/template.kml and wpmz/waylines.wpml holding the elements DJI's WPML
// reference requires (developer.dji.com Cloud API "DJI WPML": template.kml, waylines.wpml).
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { flyPlanKmz, WPML_NAMESPACE } from '../../../src/server/aiom/wpml-export.ts';
import { parseXml, roofPlan } from './flight-plan-fixture.ts';

describe('DJI WPML export', () => {
  const plan = roofPlan();
  const files = unzipSync(flyPlanKmz(plan, 5, new Date('2025-06-01T00:00:00Z')));

  it('holds wpmz/template.kml and wpmz/waylines.wpml', () => {
    expect(Object.keys(files).sort()).toEqual(['wpmz/template.kml', 'wpmz/waylines.wpml']);
  });

  it('template.kml: author, times, missionConfig and a waypoint template', () => {
    const els = parseXml(strFromU8(files['wpmz/template.kml']));
    const wpml = (name: string) => els.filter((e) => e.uri === WPML_NAMESPACE && e.name === name);
    for (const n of ['author', 'createTime', 'updateTime', 'missionConfig', 'flyToWaylineMode', 'finishAction', 'exitOnRCLost', 'executeRCLostAction', 'takeOffSecurityHeight', 'globalTransitionalSpeed', 'droneInfo', 'droneEnumValue', 'templateType', 'templateId', 'waylineCoordinateSysParam', 'autoFlightSpeed']) {
      expect(wpml(n).length, n).toBeGreaterThan(0);
    }
    expect(wpml('createTime')[0].text).toBe(String(Date.UTC(2025, 5, 1)));
    expect(wpml('templateType')[0].text).toBe('waypoint');
    expect(els.filter((e) => e.path === 'kml/Document/Folder/Placemark')).toHaveLength(10);
  });

  it('waylines.wpml: the wayline folder and every waypoint with index, height, speed and photo actions', () => {
    const els = parseXml(strFromU8(files['wpmz/waylines.wpml']));
    const wpml = (name: string) => els.filter((e) => e.uri === WPML_NAMESPACE && e.name === name);
    expect(els.find((e) => e.name === 'kml')?.uri).toBe('http://www.opengis.net/kml/2.2');
    for (const n of ['missionConfig', 'templateId', 'executeHeightMode', 'waylineId', 'distance', 'duration', 'autoFlightSpeed']) expect(wpml(n).length, n).toBeGreaterThan(0);
    expect(wpml('executeHeightMode')[0].text).toBe('relativeToStartPoint');
    const placemarks = els.filter((e) => e.path === 'kml/Document/Folder/Placemark');
    expect(placemarks).toHaveLength(10);
    expect(wpml('index').map((e) => Number(e.text))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(wpml('executeHeight').every((e) => Number(e.text) === 20)).toBe(true);
    expect(wpml('waypointSpeed')).toHaveLength(10);
    // One photo action group per line: from its start to its end, every photo interval (4 m).
    expect(wpml('actionGroup')).toHaveLength(5);
    expect(wpml('actionTriggerType').every((e) => e.text === 'multipleDistance')).toBe(true);
    expect(wpml('actionTriggerParam').every((e) => Number(e.text) === 4)).toBe(true);
    expect(wpml('actionActuatorFunc').filter((e) => e.text === 'takePhoto')).toHaveLength(5);
    expect(wpml('gimbalPitchRotateAngle')[0].text).toBe('-90');
    expect(Number(wpml('distance')[0].text)).toBeCloseTo(586, 1);
  });
});
