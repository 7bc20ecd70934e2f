import { startService } from '@paycadence/nest-kit';
import { serviceDefinition } from './service-definition.js';

await startService(serviceDefinition);
