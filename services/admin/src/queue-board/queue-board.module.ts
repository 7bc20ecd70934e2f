import { Module } from '@nestjs/common';
import { QueueBoardAccess } from './queue-board-access.js';
import { QueueBoardController } from './queue-board.controller.js';
import { QueueBoardSessions } from './queue-board-sessions.js';
import { QueueBoard } from './queue-board.js';

@Module({
  controllers: [QueueBoardController],
  providers: [QueueBoardSessions, QueueBoardAccess, QueueBoard],
})
export class QueueBoardModule {}
