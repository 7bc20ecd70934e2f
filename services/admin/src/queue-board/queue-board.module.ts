import { Module } from '@nestjs/common';
import { QueueBoardAccess } from './queue-board-access.js';
import { QueueBoardController } from './queue-board.controller.js';
import { QueueBoard } from './queue-board.js';

@Module({
  controllers: [QueueBoardController],
  providers: [QueueBoardAccess, QueueBoard],
})
export class QueueBoardModule {}
