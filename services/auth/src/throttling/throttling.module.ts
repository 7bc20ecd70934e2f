import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import { RateLimits, REDIS_KEY_PREFIX } from './rate-limits.js';
import type { AuthConfig } from '../config.js';
import { DeviceCookies } from './device-cookie.js';

/**
 * The throttles (counters in Redis under auth's REDIS_KEY_PREFIX) and the signed device cookie that exempts a
 * known browser from its account's slowing. One RateLimits for the whole service: sign-in, two-factor,
 * registration, reset and confirmation mails all count in the same place. The prefix is shared with the
 * other short-lived Redis state of auth (WebAuthn challenges).
 */
@Module({
  providers: [
    {
      provide: REDIS_KEY_PREFIX,
      useFactory: (config: AuthConfig) => config.REDIS_KEY_PREFIX,
      inject: [SERVICE_CONFIG],
    },
    RateLimits,
    DeviceCookies,
  ],
  exports: [RateLimits, DeviceCookies, REDIS_KEY_PREFIX],
})
export class ThrottlingModule {}
