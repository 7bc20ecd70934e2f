// What a generator prints after Nx has listed the files it wrote: where the app was registered and what a
// developer does next.
import { logger } from '@nx/devkit';

export function printSummary({ created, registered, next }) {
  logger.info('');
  logger.info(`Created ${created}`);
  logger.info('Registered in:');
  for (const line of registered) logger.info(`  - ${line}`);
  logger.info('Next:');
  for (const line of next) logger.info(`  - ${line}`);
}
