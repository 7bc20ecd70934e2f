/** docs/product/signed-in.md §3: a chat message has an id, its text, who sent it (the user or Zen) and when. */
export type ZenSender = 'user' | 'zen';

export interface ZenChatMessage {
  readonly id: string;
  readonly text: string;
  readonly sender: ZenSender;
  readonly timestamp: Date;
}

/** en-US short time under each message, e.g. "2:05 PM". */
export const formatMessageTime = (timestamp: Date) => timestamp.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
