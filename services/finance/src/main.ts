import { JsonLogger } from '@payday/nest-kit';
import { loadFinanceConfig } from './config.js';
import { createFinanceApp } from './finance-app.js';

const config = loadFinanceConfig();
const app = await createFinanceApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
new JsonLogger('finance', config.LOG_LEVEL).event('info', 'listening', { port: config.PORT });
