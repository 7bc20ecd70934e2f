import { Module } from '@nestjs/common';
import { BlogAuditTrail } from './blog-audit-trail.js';

/** BlogAuditTrail (needs JobsModule, imported globally by the service definition). */
@Module({ providers: [BlogAuditTrail], exports: [BlogAuditTrail] })
export class AuditModule {}
