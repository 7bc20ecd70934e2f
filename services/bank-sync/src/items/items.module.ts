import { Module } from '@nestjs/common';
import { SyncModule } from '../sync/sync.module.js';
import { ItemAccessService } from './item-access.service.js';
import { ItemsController } from './items.controller.js';
import { LinkService } from './link.service.js';
import { WebhookController } from './webhook.controller.js';
import { WebhookVerifier } from './webhook-verifier.js';

/** Bank sync: link token, sandbox sign-in and repair, token exchange, import requests, the Plaid webhook. */
@Module({
  imports: [SyncModule],
  controllers: [ItemsController, WebhookController],
  providers: [ItemAccessService, LinkService, WebhookVerifier],
  exports: [ItemAccessService],
})
export class ItemsModule {}
