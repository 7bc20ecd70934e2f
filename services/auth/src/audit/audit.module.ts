import { Module } from '@nestjs/common';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { AuditTrail } from './audit-trail.js';
import { LockoutRecorder } from './lockout-recorder.js';

/**
 * `auth.*` events and the `admin.*` changes auth commits, sent to admin's `audit` queue (needs JobsModule's
 * producer), and the lockouts the throttles cause.
 */
@Module({
  imports: [ThrottlingModule],
  providers: [AuditTrail, LockoutRecorder],
  exports: [AuditTrail, LockoutRecorder],
})
export class AuditModule {}
