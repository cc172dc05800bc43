// The configuration and the clock, first of all plugins.
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import '../types.ts';

export interface ConfigPluginOptions {
  config: AppConfig;
  clock: Clock;
}

export default fp<ConfigPluginOptions>(
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('clock', options.clock);
  },
  { name: 'config' },
);
