import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { QUEUE_BOARD_PATH, QUEUES } from '@paycadence/contracts';
import { bullConnection, bullPrefix, InjectServiceConfig } from '@paycadence/nest-kit';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConfig } from '../config.js';
import { crossSiteRefusal, QueueBoardAccess, requestOrigin } from './queue-board-access.js';

function answer(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ message }));
}

/**
 * How the board may touch a queue. The `audit` queue holds audit events not yet stored: cleaning, emptying,
 * removing, retrying or promoting them would rewrite the append-only log, so it is read-only for every admin.
 */
export function boardOptions(queueName: string): { readOnlyMode: boolean } {
  return { readOnlyMode: queueName === QUEUES.audit };
}

/**
 * The operators' view of the BullMQ queues: bull-board on the service's own Fastify instance at
 * QUEUE_BOARD_PATH, showing bank-sync's queue (under bank-sync's key prefix) and the audit queue (admin's).
 * Every request of the board (page, assets, its API) passes QueueBoardAccess first: a browser navigating
 * cannot send a bearer header, so the board reads the cookie POST {QUEUE_BOARD_PATH}/session set. Requests
 * that may change something must also come from the board's own origin (crossSiteRefusal).
 */
@Injectable()
export class QueueBoard implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueBoard.name);
  private readonly queues: Queue[] = [];
  private closeConnection: () => Promise<void> = async () => undefined;

  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(QueueBoardAccess) private readonly access: QueueBoardAccess,
    @InjectServiceConfig() private readonly config: AdminConfig,
  ) {}

  onModuleInit() {
    const url = this.config.REDIS_URL;
    const { connection, close } = bullConnection(url);
    this.closeConnection = close;
    // The same per-queue prefixes as the producers and workers (nest-kit's JobsModule), on a cluster too.
    this.queues.push(
      new Queue(QUEUES.bankSync, { connection, prefix: bullPrefix(this.config.BANK_SYNC_QUEUE_KEY_PREFIX, QUEUES.bankSync, url) }),
      new Queue(QUEUES.audit, { connection, prefix: bullPrefix(this.config.REDIS_KEY_PREFIX, QUEUES.audit, url) }),
    );
    for (const queue of this.queues) queue.on('error', (error) => this.logger.warn(`queue board, ${queue.name}: ${error.message}`));
    const serverAdapter = new BullBoardFastifyAdapter().setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, boardOptions(queue.name))),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'PayCadence queues' } },
    });
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // An encapsulated scope: the hook guards the board's routes only, not the rest of the service.
    fastify.register(async (scope) => {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const crossSite = crossSiteRefusal(request.method, request.headers, requestOrigin(request));
        if (crossSite) return answer(reply, crossSite.status, crossSite.message);
        try {
          const refusal = await this.access.refusal(request.headers.cookie);
          if (refusal) return answer(reply, refusal.status, refusal.message);
        } catch (error) {
          this.logger.warn(`queue board access check failed: ${(error as Error).message}`);
          return answer(reply, 503, 'The queue board is unavailable right now. Please try again.');
        }
      });
      await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
    });
  }

  async onApplicationShutdown() {
    await Promise.all(this.queues.splice(0).map((queue) => queue.close().catch(() => undefined)));
    await this.closeConnection();
  }
}
