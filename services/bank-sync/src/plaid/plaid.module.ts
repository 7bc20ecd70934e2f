import { Global, Module } from '@nestjs/common';
import { PlaidGateway } from './plaid-gateway.js';
import { TokenVault } from './token-vault.js';

/** Bank sync: the Plaid client (PlaidGateway) and sealed access tokens (TokenVault), for every module. */
@Global()
@Module({ providers: [PlaidGateway, TokenVault], exports: [PlaidGateway, TokenVault] })
export class PlaidModule {}
