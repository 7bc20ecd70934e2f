import { Module } from '@nestjs/common';
import { SuggestionsController } from './suggestions.controller.js';
import { SuggestionsMessagesController } from './suggestions-messages.controller.js';
import { SuggestionsService } from './suggestions.service.js';

@Module({
  controllers: [SuggestionsController, SuggestionsMessagesController],
  providers: [SuggestionsService],
})
export class SuggestionsModule {}
