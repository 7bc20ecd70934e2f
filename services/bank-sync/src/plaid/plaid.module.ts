import { Module } from '@nestjs/common';

/** Bank sync: the Plaid client (PlaidGateway), sealed access tokens. */
@Module({})
export class PlaidModule {}
