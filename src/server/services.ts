// The app services, built once from the database, the clock, the configuration and the providers.
// Plain classes without Fastify so that they can be used from jobs, scripts and tests as well.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AccountService } from './accounts/accounts.ts';
import { VerificationCodes } from './accounts/codes.ts';
import { EntitlementService } from './accounts/entitlements.ts';
import { LoginService } from './accounts/login.ts';
import { SecurityCheck } from './accounts/security-check.ts';
import { SessionService } from './accounts/sessions.ts';
import { WechatLogin } from './accounts/wechat-login.ts';
import { LocalBlobStore, type BlobStore } from './blobs/blob-store.ts';
import { ComputeService } from './compute/compute.ts';
import { DroneService } from './drone/service.ts';
import { JobService } from './jobs/service.ts';
import { pgliteOf } from './db/index.ts';
import { DeviceService } from './devices/devices.ts';
import { WeatherService } from './weather/weather-service.ts';
import { CatalogueServices } from './catalogue/index.ts';
import { LibraryService } from './library/library.ts';
import { PaymentService } from './payments/payments.ts';
import { createPaymentProvider } from './providers/payment.ts';
import { MessageService } from './messages/messages.ts';
import { DesignDocuments } from './projects/documents.ts';
import { ProjectService } from './projects/projects.ts';
import { OrthophotoService } from './projects/orthophotos.ts';
import { ScreenshotService } from './projects/screenshots.ts';
import { ShareService } from './projects/shares.ts';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import { createMailProvider, type MailProvider } from './providers/mail.ts';
import { Messenger } from './providers/messenger.ts';
import { createSmsProvider } from './providers/sms.ts';
import { createWeChatProvider, type WeChatProvider } from './providers/wechat.ts';

export interface Services {
  messenger: Messenger;
  security: SecurityCheck;
  codes: VerificationCodes;
  sessions: SessionService;
  entitlements: EntitlementService;
  accounts: AccountService;
  login: LoginService;
  wechat: WechatLogin;
  wechatProvider: WeChatProvider | null;
  mailProvider: MailProvider | null;
  blobs: BlobStore;
  documents: DesignDocuments;
  projects: ProjectService;
  shares: ShareService;
  screenshots: ScreenshotService;
  orthophotos: OrthophotoService;
  library: LibraryService;
  /** The engine worker pool of the compute calls (started on first use). */
  compute: ComputeService;
  weather: WeatherService;
  /** Catalogues and small project calls: places, weather sources, tariffs, comparison, activities, guides. */
  catalogue: CatalogueServices;
  drone: DroneService;
  /** The job engine of every background job (pg-boss on the app's database; started by the services plugin). */
  jobs: JobService;
  messages: MessageService;
  devices: DeviceService;
  payments: PaymentService;
}

export function createServices(db: Kysely<Database>, clock: Clock, config: AppConfig, log: FastifyBaseLogger): Services {
  const mailProvider = createMailProvider(config.mail);
  const messenger = new Messenger(db, clock, log, createSmsProvider(config.sms), mailProvider);
  const security = new SecurityCheck(db, clock);
  const codes = new VerificationCodes(db, clock, messenger);
  const sessions = new SessionService(db, clock);
  const entitlements = new EntitlementService(db, clock);
  const accounts = new AccountService(db, clock, entitlements);
  const login = new LoginService(db, clock, accounts, codes, security);
  const wechatProvider = createWeChatProvider(config.wechat, config.publicUrl);
  const wechat = new WechatLogin(db, clock, wechatProvider, accounts, codes, config.publicUrl);
  const blobs = new LocalBlobStore(config.blobDir);
  const documents = new DesignDocuments(db, clock);
  const projects = new ProjectService(db, clock, documents, config);
  const shares = new ShareService(db, clock, config.publicUrl);
  const screenshots = new ScreenshotService(db, clock, blobs);
  const library = new LibraryService(db, clock);
  const compute = new ComputeService(config.computeWorkers, { timeoutMs: config.computeTimeoutMs, perUser: config.computeUserConcurrency });
  const weather = new WeatherService(config.weather, db, clock, documents);
  const messages = new MessageService(db, clock);
  const orthophotos = new OrthophotoService(blobs);
  const jobs = new JobService({ db, pglite: pgliteOf(db), config: config.jobs, log });
  const drone = new DroneService({ db, clock, config, log, blobs, documents, orthophotos, entitlements, jobs, mailProvider, messages });
  const payments = new PaymentService(db, clock, entitlements, createPaymentProvider(config.pay, config.publicUrl), config.payCatalogue, config.publicUrl, log);
  payments.onPaid(async (o) => {
    await messages.post(
      o.user_id,
      { kind: 'payment.paid', params: { orderSn: o.order_sn, amount: o.amount_fen / 100, item: `${o.plan_name_zh} ×${o.quantity}`, itemEn: `${o.plan_name_en} ×${o.quantity}` } },
      { dedupeKey: `payment.paid:${o.order_sn}` },
    );
  });
  return {
    messenger, security, codes, sessions, entitlements, accounts, login, wechat, wechatProvider, mailProvider,
    blobs, documents, projects, shares, screenshots, library, compute, weather,
    orthophotos,
    drone,
    jobs,
    catalogue: new CatalogueServices(db, clock, config, { projects, shares, documents }),
    messages, devices: new DeviceService(db, clock, library),
    payments,
  };
}
