import { startService } from '@payday/nest-kit';
import { serviceDefinition } from './service-definition.js';

await startService(serviceDefinition);
