import { Module } from '@nestjs/common';
import { SuggestionsController } from './suggestions.controller.js';
import { SuggestionsMessageController } from './suggestions.message-controller.js';
import { SuggestionsService } from './suggestions.service.js';

@Module({
  controllers: [SuggestionsController, SuggestionsMessageController],
  providers: [SuggestionsService],
})
export class SuggestionsModule {}
