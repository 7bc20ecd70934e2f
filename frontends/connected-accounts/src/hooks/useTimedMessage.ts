import { useCallback, useEffect, useState } from 'react';

export type MessageTone = 'success' | 'info' | 'error';
export interface TimedMessage {
  tone: MessageTone;
  text: string;
}

/** A status line that clears itself after `ms` (docs/product/signed-in.md §4: 5 s for sync messages, 3 s for accepts). */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  const show = useCallback((tone: MessageTone, text: string) => setMessage({ tone, text }), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}

/** 'now' for relative times, re-read every `tickMs` so '5 minutes ago' moves on by itself. */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
