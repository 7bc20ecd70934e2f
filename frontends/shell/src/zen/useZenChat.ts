import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZenChatMessage, ZenSender } from './chat-message';
import { ZEN_GREETING } from './zen-copy';
import { INITIAL_ZEN_STATE, reply } from './zen-engine';

/** docs/product/signed-in.md §9: the chat reply comes 1.5 seconds after the user's message. */
export const ZEN_REPLY_DELAY_MS = 1_500;

/**
 * The conversation: the greeting first, then each user message and, after the reply delay, Zen's answer.
 * The answer is chosen at send time so the remembered persona follows the order of the messages even when
 * the user sends again before Zen has replied. No network calls (docs/product/signed-in.md §4).
 */
export function useZenChat() {
  const nextId = useRef(0);
  const createMessage = useCallback((sender: ZenSender, text: string): ZenChatMessage => {
    nextId.current += 1;
    return { id: `zen-message-${nextId.current}`, text, sender, timestamp: new Date() };
  }, []);

  const [messages, setMessages] = useState<ZenChatMessage[]>(() => [createMessage('zen', ZEN_GREETING)]);
  const [pendingReplies, setPendingReplies] = useState(0);
  const engineState = useRef(INITIAL_ZEN_STATE);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  /** Sends the text unless it is empty or only whitespace (docs/product/signed-in.md §5); answers whether it was sent. */
  const send = useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      if (!trimmed) return false;
      const answer = reply(engineState.current, trimmed);
      engineState.current = answer.state;
      setMessages((list) => [...list, createMessage('user', trimmed)]);
      setPendingReplies((count) => count + 1);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setMessages((list) => [...list, createMessage('zen', answer.text)]);
        setPendingReplies((count) => count - 1);
      }, ZEN_REPLY_DELAY_MS);
      timers.current.add(timer);
      return true;
    },
    [createMessage],
  );

  return { messages, typing: pendingReplies > 0, send };
}
