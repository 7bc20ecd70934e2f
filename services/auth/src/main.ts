import { startService } from '@payday/nest-kit';
import { createAppModule } from './app.module.js';
import { loadAuthConfig } from './config.js';

const config = loadAuthConfig();
await startService({
  name: 'auth',
  module: createAppModule(config),
  port: config.PORT,
  host: config.HOST,
  logLevel: config.LOG_LEVEL,
  bodyLimit: 16 * 1024,
});
