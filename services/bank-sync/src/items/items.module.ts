import { Module } from '@nestjs/common';

/** Bank sync: link token, sandbox sign-in, token exchange, webhook. */
@Module({})
export class ItemsModule {}
