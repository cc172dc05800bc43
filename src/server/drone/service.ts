// The drone area's services in one place (spec 001 §4 "Drone upload" and "Drone service"): the
// upload sessions, the modelling job runner (its steps are jobs of the app's job engine) and the
// NodeODM node they share. Without NODEODM_URL the uploads and checks still work and submitting
// answers "not configured", charging nothing (docs/PRODUCT.md: "validation, quota and queue work
// offline; modelling needs the service"). This process works the modelling jobs when DRONE_WORKER
// is on (and JOB_WORKERS is not off) and a node is configured.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EntitlementService } from '../accounts/entitlements.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { JobService } from '../jobs/service.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { OrthophotoService } from '../projects/orthophotos.ts';
import type { MailProvider } from '../providers/mail.ts';
import { createNodeOdmProvider, type NodeOdmProvider } from '../providers/nodeodm.ts';
import { DroneJobRunner } from './jobs.ts';
import { DroneMailNotifier, DroneNotifiers, DroneUserMessages, type DroneNotifier, type MessagePoster } from './notify.ts';
import { DroneUploads, MODELLING_SERVICE } from './uploads.ts';

export interface DroneServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  blobs: BlobStore;
  documents: DesignDocuments;
  /** Where a finished model's orthophoto is stored (the projects' orthophotos). */
  orthophotos: OrthophotoService;
  entitlements: EntitlementService;
  /** The job engine the modelling steps run on. */
  jobs: JobService;
  mailProvider: MailProvider | null;
  /** Default: the node of config.drone (null when not configured). */
  provider?: NodeOdmProvider | null;
  /** Posts the personal centre's messages (none when absent). */
  messages?: MessagePoster;
  /** Default: e-mail through mailProvider, and a user message through `messages`. */
  notifier?: DroneNotifier;
}

export class DroneService {
  readonly provider: NodeOdmProvider | null;
  readonly uploads: DroneUploads;
  readonly runner: DroneJobRunner;
  /** Whether this process works the modelling jobs (config.drone.worker and a configured node). */
  readonly worker: boolean;

  constructor(deps: DroneServiceDeps) {
    this.provider = deps.provider === undefined ? createNodeOdmProvider(deps.config.drone) : deps.provider;
    // Without a node there is nothing a worker here could do (submitting is refused).
    this.worker = deps.config.drone.worker && this.provider !== null;
    const mail = new DroneMailNotifier(deps.db, deps.clock, deps.log, deps.mailProvider, deps.config.publicUrl);
    const notifier = deps.notifier ?? new DroneNotifiers(deps.messages ? [mail, new DroneUserMessages(deps.messages)] : [mail], deps.log);
    this.runner = new DroneJobRunner({
      db: deps.db,
      clock: deps.clock,
      blobs: deps.blobs,
      documents: deps.documents,
      orthophotos: deps.orthophotos,
      provider: this.provider,
      notifier,
      log: deps.log,
      jobs: deps.jobs,
      pollMs: deps.config.drone.pollMs,
    });
    this.runner.register(this.worker);
    this.uploads = new DroneUploads(deps.db, deps.clock, deps.blobs, deps.entitlements, this.describe(), this.runner);
  }

  /** For the dialog and the start-up log: can modelling run here? */
  describe(): { configured: boolean; notice: string | null } {
    if (this.provider) return { configured: true, notice: null };
    return { configured: false, notice: `${MODELLING_SERVICE} is not configured on this server (set NODEODM_URL): photos can be checked and uploaded, but not modelled` };
  }
}
