// The catalogue services (spec 000 §7 "Catalogues and others", small project calls; spec 001 §7
// get/citys, electricity-price/list), built once with the app's services: places (offline
// gazetteer + optional online geocoder), tariffs, the energy comparison, activities
// and guides. Catalogues without state (brackets, load types, configuration values) are read in the
// routes straight from src/model and catalogue/config-values.ts.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { ProjectService } from '../projects/projects.ts';
import type { ShareService } from '../projects/shares.ts';
import { createGeocoder } from '../providers/geocoder.ts';
import { Activities } from './activities.ts';
import { Gazetteer } from './gazetteer.ts';
import { Guides } from './guides.ts';
import { PlaceService } from './places.ts';
import { PowerComparison } from './power-comparison.ts';
import { TariffService } from './tariffs.ts';

/** One gazetteer per process: its ≈ 150 000 places are shared by every app instance. */
const sharedGazetteer = new Gazetteer();

export class CatalogueServices {
  readonly places: PlaceService;
  readonly tariffs: TariffService;
  readonly comparison: PowerComparison;
  readonly activities: Activities;
  readonly guides = new Guides();

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    config: Pick<AppConfig, 'geocoder'>,
    deps: { projects: ProjectService; shares: ShareService; documents: DesignDocuments },
  ) {
    this.places = new PlaceService(sharedGazetteer, createGeocoder(config.geocoder));
    this.tariffs = new TariffService(db, clock);
    this.comparison = new PowerComparison(deps.projects, deps.shares, deps.documents);
    this.activities = new Activities(db, clock);
  }
}
