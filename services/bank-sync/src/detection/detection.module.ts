import { Module } from '@nestjs/common';

/** Bank sync: recurring bill and income detection, suggestions to finance. */
@Module({})
export class DetectionModule {}
