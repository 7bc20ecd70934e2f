import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module.js';
import { SyncModule } from '../sync/sync.module.js';
import { GeneratorController } from './generator.controller.js';
import { GeneratorService } from './generator.service.js';

/** Bank sync: the data generator (/api/plaid-data); PlaidGateway comes from the global PlaidModule. */
@Module({ imports: [ItemsModule, SyncModule], controllers: [GeneratorController], providers: [GeneratorService] })
export class GeneratorModule {}
