import { startService } from '@payday/nest-kit';
import { createAppModule } from './app.module.js';
import { loadWaitlistConfig } from './config.js';

const config = loadWaitlistConfig();
await startService({
  name: 'waitlist',
  module: createAppModule(config),
  port: config.PORT,
  host: config.HOST,
  logLevel: config.LOG_LEVEL,
  bodyLimit: 16 * 1024,
});
