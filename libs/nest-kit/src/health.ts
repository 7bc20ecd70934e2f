import { Controller, Get, HttpCode, Inject, Module, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.js';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness (`/health`) and readiness (`/health/ready`: database and Redis reachable). */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    const [database, redis] = await Promise.all([
      withTimeout(this.dataSource.query('SELECT 1'), 'database').then(
        () => 'ok',
        () => 'unreachable',
      ),
      withTimeout(this.redis.ping(), 'redis').then(
        () => 'ok',
        () => 'unreachable',
      ),
    ]);
    const checks = { database, redis };
    if (database !== 'ok' || redis !== 'ok') {
      throw new ServiceUnavailableException({ message: 'Service not ready', checks });
    }
    // The process id lets a launcher tell its own child from another process already on the port.
    return { status: 'ok', checks, pid: process.pid };
  }
}

@Module({ controllers: [HealthController] })
export class HealthModule {}
