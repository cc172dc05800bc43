// The O&M plant an /aiomSetting page shows: its id from the query (?id=), null when absent or not a
// positive whole number (the page then says so instead of calling the server).
import { useSearchParams } from 'react-router';

export function plantIdOf(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

export function useAiomPlantId(): number | null {
  const [params] = useSearchParams();
  return plantIdOf(params.get('id'));
}
