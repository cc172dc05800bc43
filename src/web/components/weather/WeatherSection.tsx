// The Information step's weather section: for a project saved with a location, the weather card (the
// source in use, its sums, the choice) beside the horizon editor; otherwise the preview of the
// station nearest the location typed in the form.
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { parseLocation, type ProjectDetail } from '../../../model/api/projects.ts';
import { NEAREST_STATIONS, useProjectWeather, useStations, type Site } from '../../hooks/useProjectWeather.ts';
import { HorizonEditor } from './HorizonEditor.tsx';
import { WeatherCard } from './WeatherCard.tsx';
import { WeatherPreview } from './WeatherPreview.tsx';

export interface WeatherSectionProps {
  /** The saved project (null: not saved yet). */
  project: ProjectDetail | null;
  /** The location typed in the form ('lon,lat'), for the preview. */
  location: string;
}

export function WeatherSection({ project, location }: WeatherSectionProps) {
  const lat = project?.lat ?? null;
  const lng = project?.lng ?? null;
  const saved = useMemo<Site | null>(() => (lat !== null && lng !== null ? { lat, lng } : null), [lat, lng]);
  const typed = useMemo<Site | null>(() => {
    const at = parseLocation(location);
    return at ? { lat: at.lat, lng: at.lng } : null;
  }, [location]);
  const handle = useProjectWeather(saved ? (project?.projectId ?? null) : null, saved);
  const stations = useStations(saved ?? typed, handle.weather?.elevation ?? null, saved ? NEAREST_STATIONS : 1);

  if (!saved) return <WeatherPreview saved={project !== null} answer={stations.answer} />;
  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} xl={12}>
        <WeatherCard handle={handle} stations={stations} />
      </Col>
      <Col xs={24} xl={12}>
        <HorizonEditor handle={handle} site={saved} />
      </Col>
    </Row>
  );
}
