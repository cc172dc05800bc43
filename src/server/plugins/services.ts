// The app services (accounts, codes, sessions, providers) and the demo account of the first start.
import fp from 'fastify-plugin';
import { seedDemo } from '../accounts/demo.ts';
import { HOUSEKEEPING_INTERVAL, purgeExpired } from '../accounts/housekeeping.ts';
import { seedSystemLibrary } from '../library/seed.ts';
import { createServices } from '../services.ts';
import '../types.ts';

export interface ServicesPluginOptions {
  /** Create the demo account when the users table is empty (default: when configured). */
  seedDemo: boolean;
}

export default fp<ServicesPluginOptions>(
  async (app, options) => {
    const services = createServices(app.db, app.clock, app.config, app.log);
    app.decorate('services', services);
    app.addHook('onClose', async () => services.mailProvider?.close?.());
    app.addHook('onClose', async () => services.compute.close());
    // The job engine: queues from now on; its workers start once every area registered its handlers,
    // and stop (running jobs finish) before the database closes.
    await services.jobs.start();
    app.addHook('onClose', async () => services.jobs.stop());
    app.addHook('onReady', async () => {
      const worked = await services.jobs.startWorkers();
      if (!app.config.jobs.workers) app.log.info('jobs: no workers in this process (JOB_WORKERS=off)');
      else if (worked.length > 0) app.log.info({ queues: worked }, 'jobs: workers started');
    });
    await seedSystemLibrary(app.db, app.clock);
    const demo = app.config.demo;
    app.decorate('demoAccount', options.seedDemo && demo ? await seedDemo(app.db, services.accounts, services.entitlements, demo, services, app) : null);
    for (const channel of ['sms', 'email'] as const) {
      const d = services.messenger.describe(channel);
      if (d.notice) app.log.warn(d.notice);
    }
    const timer = setInterval(() => {
      purgeExpired(app.db, app.clock).catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'));
    }, HOUSEKEEPING_INTERVAL);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    if (services.wechatProvider?.kind === 'sandbox') app.log.warn('WeChat sign-in uses the sandbox provider (development only): set WECHAT_APP_ID and WECHAT_APP_SECRET');
  },
  { name: 'services', dependencies: ['config', 'database'] },
);
