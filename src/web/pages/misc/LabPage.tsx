// /lab: the roof lab (draw a building, see the engine's faces), reachable on its own and from the
// building step. Its stylesheet loads with this route only.
import '../../styles.css';
import { RoofLabPage } from '../../roof-lab/RoofLabPage.tsx';

export function LabPage() {
  return <RoofLabPage />;
}
