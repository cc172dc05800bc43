// A flight plan as a DJI WPML route (a KMZ: wpmz/template.kml + wpmz/waylines.wpml), after DJI's
// "Cloud API > DJI WPML" reference (developer.dji.com/doc/cloud-api-tutorial/en/api-reference/dji-wpml/
// overview.html, template-kml.html, waylines-wpml.html, common-element.html), namespace
// http://www.dji.com/wpmz/1.0.2. The template declares the mission (missionConfig: flyToWaylineMode,
// finishAction, exitOnRCLost, executeRCLostAction, takeOffSecurityHeight, globalTransitionalSpeed,
// droneInfo) and a waypoint template; the waylines file is what the aircraft executes: one Folder
// (templateId, executeHeightMode relativeToStartPoint, waylineId, distance, duration,
// autoFlightSpeed) of Placemarks (Point, index, executeHeight, waypointSpeed, heading and turn
// parameters). Each flight line's first waypoint starts an actionGroup from it to the line's end with
// the trigger multipleDistance (every photo interval) and the action takePhoto; the gimbal is pitched
// to −90° (nadir) at the first waypoint.
import { zipSync, strToU8 } from 'fflate';
import type { FlyPlan } from '../../model/api/aiom-operations.ts';

export const WPML_NAMESPACE = 'http://www.dji.com/wpmz/1.0.2';

/** DJI droneEnumValue 77 / sub 0: Mavic 3 Enterprise (M3E), a common mapping aircraft (WPML droneInfo table). */
const DRONE = { enumValue: 77, subEnumValue: 0, payloadEnumValue: 66 };

function missionConfig(plan: FlyPlan, speed: number): string {
  return `    <wpml:missionConfig>
      <wpml:flyToWaylineMode>safely</wpml:flyToWaylineMode>
      <wpml:finishAction>goHome</wpml:finishAction>
      <wpml:exitOnRCLost>executeLostAction</wpml:exitOnRCLost>
      <wpml:executeRCLostAction>goBack</wpml:executeRCLostAction>
      <wpml:takeOffSecurityHeight>${Math.max(20, Math.round(plan.waypoints[0]?.altM ?? 20))}</wpml:takeOffSecurityHeight>
      <wpml:globalTransitionalSpeed>${speed}</wpml:globalTransitionalSpeed>
      <wpml:droneInfo>
        <wpml:droneEnumValue>${DRONE.enumValue}</wpml:droneEnumValue>
        <wpml:droneSubEnumValue>${DRONE.subEnumValue}</wpml:droneSubEnumValue>
      </wpml:droneInfo>
      <wpml:payloadInfo>
        <wpml:payloadEnumValue>${DRONE.payloadEnumValue}</wpml:payloadEnumValue>
        <wpml:payloadPositionIndex>0</wpml:payloadPositionIndex>
      </wpml:payloadInfo>
    </wpml:missionConfig>`;
}

function point(lon: number, lat: number): string {
  return `<Point><coordinates>${lon.toFixed(8)},${lat.toFixed(8)}</coordinates></Point>`;
}

/** wpmz/template.kml: the mission and a waypoint template (the same points). */
export function wpmlTemplate(plan: FlyPlan, speed: number, now: Date): string {
  const t = now.getTime();
  const placemarks = plan.waypoints
    .map(
      (w, i) => `        <Placemark>
          ${point(w.lon, w.lat)}
          <wpml:index>${i}</wpml:index>
          <wpml:useGlobalHeight>1</wpml:useGlobalHeight>
          <wpml:useGlobalSpeed>1</wpml:useGlobalSpeed>
          <wpml:useGlobalHeadingParam>1</wpml:useGlobalHeadingParam>
          <wpml:useGlobalTurnParam>1</wpml:useGlobalTurnParam>
        </Placemark>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="${WPML_NAMESPACE}">
  <Document>
    <wpml:author>PV Studio</wpml:author>
    <wpml:createTime>${t}</wpml:createTime>
    <wpml:updateTime>${t}</wpml:updateTime>
${missionConfig(plan, speed)}
    <Folder>
      <wpml:templateType>waypoint</wpml:templateType>
      <wpml:templateId>0</wpml:templateId>
      <wpml:waylineCoordinateSysParam>
        <wpml:coordinateMode>WGS84</wpml:coordinateMode>
        <wpml:heightMode>relativeToStartPoint</wpml:heightMode>
      </wpml:waylineCoordinateSysParam>
      <wpml:autoFlightSpeed>${speed}</wpml:autoFlightSpeed>
      <wpml:globalHeight>${plan.waypoints[0]?.altM ?? 0}</wpml:globalHeight>
      <wpml:caliFlightEnable>0</wpml:caliFlightEnable>
      <wpml:gimbalPitchMode>usePointSetting</wpml:gimbalPitchMode>
      <wpml:globalWaypointHeadingParam>
        <wpml:waypointHeadingMode>followWayline</wpml:waypointHeadingMode>
      </wpml:globalWaypointHeadingParam>
      <wpml:globalWaypointTurnMode>toPointAndStopWithDiscontinuityCurvature</wpml:globalWaypointTurnMode>
      <wpml:globalUseStraightLine>1</wpml:globalUseStraightLine>
${placemarks}
    </Folder>
  </Document>
</kml>
`;
}

function actionGroups(i: number, plan: FlyPlan, groupId: number): string {
  // Waypoints 2k (line start) and 2k+1 (line end): photos every interval along the line.
  if (i % 2 !== 0) return '';
  const gimbal =
    i === 0
      ? `
            <wpml:action>
              <wpml:actionId>1</wpml:actionId>
              <wpml:actionActuatorFunc>gimbalRotate</wpml:actionActuatorFunc>
              <wpml:actionActuatorFuncParam>
                <wpml:gimbalHeadingYawBase>aircraft</wpml:gimbalHeadingYawBase>
                <wpml:gimbalRotateMode>absoluteAngle</wpml:gimbalRotateMode>
                <wpml:gimbalPitchRotateEnable>1</wpml:gimbalPitchRotateEnable>
                <wpml:gimbalPitchRotateAngle>-90</wpml:gimbalPitchRotateAngle>
                <wpml:gimbalRollRotateEnable>0</wpml:gimbalRollRotateEnable>
                <wpml:gimbalRollRotateAngle>0</wpml:gimbalRollRotateAngle>
                <wpml:gimbalYawRotateEnable>0</wpml:gimbalYawRotateEnable>
                <wpml:gimbalYawRotateAngle>0</wpml:gimbalYawRotateAngle>
                <wpml:gimbalRotateTimeEnable>0</wpml:gimbalRotateTimeEnable>
                <wpml:gimbalRotateTime>0</wpml:gimbalRotateTime>
                <wpml:payloadPositionIndex>0</wpml:payloadPositionIndex>
              </wpml:actionActuatorFuncParam>
            </wpml:action>`
      : '';
  return `
          <wpml:actionGroup>
            <wpml:actionGroupId>${groupId}</wpml:actionGroupId>
            <wpml:actionGroupStartIndex>${i}</wpml:actionGroupStartIndex>
            <wpml:actionGroupEndIndex>${i + 1}</wpml:actionGroupEndIndex>
            <wpml:actionGroupMode>sequence</wpml:actionGroupMode>
            <wpml:actionTrigger>
              <wpml:actionTriggerType>multipleDistance</wpml:actionTriggerType>
              <wpml:actionTriggerParam>${plan.photoIntervalM.toFixed(2)}</wpml:actionTriggerParam>
            </wpml:actionTrigger>${gimbal}
            <wpml:action>
              <wpml:actionId>${i === 0 ? 2 : 1}</wpml:actionId>
              <wpml:actionActuatorFunc>takePhoto</wpml:actionActuatorFunc>
              <wpml:actionActuatorFuncParam>
                <wpml:payloadPositionIndex>0</wpml:payloadPositionIndex>
                <wpml:useGlobalPayloadLensIndex>0</wpml:useGlobalPayloadLensIndex>
              </wpml:actionActuatorFuncParam>
            </wpml:action>
          </wpml:actionGroup>`;
}

/** wpmz/waylines.wpml: the executable wayline. */
export function wpmlWaylines(plan: FlyPlan, speed: number): string {
  const placemarks = plan.waypoints
    .map(
      (w, i) => `        <Placemark>
          ${point(w.lon, w.lat)}
          <wpml:index>${i}</wpml:index>
          <wpml:executeHeight>${w.altM}</wpml:executeHeight>
          <wpml:waypointSpeed>${speed}</wpml:waypointSpeed>
          <wpml:waypointHeadingParam>
            <wpml:waypointHeadingMode>followWayline</wpml:waypointHeadingMode>
          </wpml:waypointHeadingParam>
          <wpml:waypointTurnParam>
            <wpml:waypointTurnMode>toPointAndStopWithDiscontinuityCurvature</wpml:waypointTurnMode>
            <wpml:waypointTurnDampingDist>0</wpml:waypointTurnDampingDist>
          </wpml:waypointTurnParam>
          <wpml:useStraightLine>1</wpml:useStraightLine>${actionGroups(i, plan, i / 2 + 1)}
        </Placemark>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="${WPML_NAMESPACE}">
  <Document>
${missionConfig(plan, speed)}
    <Folder>
      <wpml:templateId>0</wpml:templateId>
      <wpml:executeHeightMode>relativeToStartPoint</wpml:executeHeightMode>
      <wpml:waylineId>0</wpml:waylineId>
      <wpml:distance>${plan.lengthM.toFixed(1)}</wpml:distance>
      <wpml:duration>${plan.durationS.toFixed(1)}</wpml:duration>
      <wpml:autoFlightSpeed>${speed}</wpml:autoFlightSpeed>
${placemarks}
    </Folder>
  </Document>
</kml>
`;
}

/** The KMZ (zip) DJI Pilot 2 imports: wpmz/template.kml and wpmz/waylines.wpml. */
export function flyPlanKmz(plan: FlyPlan, speed: number, now: Date): Uint8Array {
  return zipSync({
    'wpmz/template.kml': strToU8(wpmlTemplate(plan, speed, now)),
    'wpmz/waylines.wpml': strToU8(wpmlWaylines(plan, speed)),
  });
}
