import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMessageTime } from './chat-message';
import { useZenChat } from './useZenChat';
import { ZEN_QUICK_QUESTIONS, ZEN_TITLE, ZEN_TYPING_TEXT } from './zen-copy';

const TITLE_ID = 'pc-zen-title';
const INPUT_ID = 'pc-zen-input';

interface ZenPanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The chat panel of docs/product/signed-in.md §2. Loaded on first open and kept mounted while closed, so the conversation
 * (and a reply still on its way) survives closing and reopening. Replies are announced through the log's
 * polite live region; the typing indicator through a status region that stays in the page.
 */
export function ZenPanel({ open, onClose }: ZenPanelProps) {
  const { messages, typing, send } = useZenChat();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  // Focus moves into the panel when it opens (the input, so the user can type at once).
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Newest message in view, as in any chat; on a fresh panel the greeting is read from its start.
  useEffect(() => {
    const log = logRef.current;
    if (log && messages.length > 1) log.scrollTop = log.scrollHeight;
  }, [messages.length, typing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send(draft)) setDraft('');
  };
  const ask = (question: string) => {
    send(question);
    inputRef.current?.focus();
  };
  const onlyGreeting = messages.length === 1;

  return (
    <section className="pc-zen__panel" role="dialog" aria-labelledby={TITLE_ID}>
      <header className="pc-zen__header">
        <span className="pc-zen__avatar" aria-hidden="true">
          Z
        </span>
        <h2 id={TITLE_ID} className="pc-zen__title">
          {ZEN_TITLE}
        </h2>
        <button type="button" className="pc-zen__close" aria-label="Close Zen chat" onClick={onClose}>
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>

      {/* A scrollable region must be reachable by keyboard, hence tabIndex. */}
      <div ref={logRef} className="pc-zen__log" role="log" aria-live="polite" aria-label="Conversation with Zen" tabIndex={0}>
        <ol className="pc-zen__messages">
          {messages.map((message) => (
            <li key={message.id} className={`pc-zen__message pc-zen__message--${message.sender}`}>
              <span className="pc-visually-hidden">{message.sender === 'user' ? 'You said: ' : 'Zen said: '}</span>
              <p className="pc-zen__bubble">{message.text}</p>
              <time className="pc-zen__time" dateTime={message.timestamp.toISOString()}>
                {formatMessageTime(message.timestamp)}
              </time>
            </li>
          ))}
        </ol>
        {onlyGreeting && (
          <ul className="pc-zen__chips" aria-label="Quick questions">
            {ZEN_QUICK_QUESTIONS.map((question) => (
              <li key={question}>
                <button type="button" className="pc-zen__chip" onClick={() => ask(question)}>
                  {question}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <p className="pc-zen__typing" role="status">
        {typing && (
          <>
            <span className="pc-zen__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {ZEN_TYPING_TEXT}
          </>
        )}
      </p>

      <form className="pc-zen__form" onSubmit={submit}>
        <label htmlFor={INPUT_ID} className="pc-visually-hidden">
          Message Zen
        </label>
        <input
          ref={inputRef}
          id={INPUT_ID}
          className="pc-input pc-zen__input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Ask about bills and paydays"
          autoComplete="off"
          maxLength={500}
        />
        <button type="submit" className="pc-btn pc-btn--primary pc-zen__send">
          Send
        </button>
      </form>
    </section>
  );
}
