import { Module } from '@nestjs/common';

/** Bank sync: the data generator (/api/plaid-data). */
@Module({})
export class GeneratorModule {}
