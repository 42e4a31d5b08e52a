import type { Message } from '@olden/contracts';
import { FLAGGED_MESSAGE_NOTE, FLAGGED_MESSAGE_WARNING, MESSAGE_FLAG_LABELS } from '@olden/contracts/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '@/lib/format';

interface Props {
  messages: Message[];
  /** Which party is reading: their own messages read 'You'; null for an admin reading others' thread. */
  viewer: 'buyer' | 'seller' | null;
  /** What the page puts beside a message (the thread page: "Report" on the other party's messages). */
  renderActions?: (message: Message) => ReactNode;
}

const preview = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

/** What a flagged message holds, in words: "a phone number and a messaging app". */
function flagWords(flags: Message['flags']): string {
  const words = flags.map((f) => MESSAGE_FLAG_LABELS[f]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Beside a flagged message (docs/product.md#scam-warnings): the recipient's warning, the sender's softer note. The
 * message itself is plain text either way, so none of its links is ever clickable.
 */
function FlagNotice({ message, isMine }: { message: Message; isMine: boolean }) {
  // A message from before flags (a cached page, a live event of an older process) has none.
  const flags = message.flags ?? [];
  if (flags.length === 0) return null;
  if (isMine) return <p className="mt-1 max-w-[85%] text-xs text-base-content/80">{FLAGGED_MESSAGE_NOTE}</p>;
  return (
    <div role="note" aria-label="Scam warning" className="alert alert-warning alert-soft mt-1 max-w-[85%] text-sm text-base-content">
      <p>
        <strong>This message has {flagWords(flags)}.</strong> {FLAGGED_MESSAGE_WARNING}
      </p>
    </div>
  );
}

/**
 * The thread, oldest first, newest at the bottom (kept in view as messages arrive). Messages from the other party
 * that arrive while the page is open are read out by a polite live region; the ones loaded with the page are not.
 */
export function MessageList({ messages, viewer, renderActions }: Props) {
  const seen = useRef<Set<string> | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!seen.current) {
      seen.current = new Set(messages.map((m) => m._id));
    } else {
      const fresh = messages.filter((m) => !seen.current!.has(m._id));
      for (const m of fresh) seen.current.add(m._id);
      const incoming = fresh.filter((m) => m.from !== viewer);
      if (incoming.length > 0) setAnnouncement(incoming.map((m) => `New message from ${m.senderName}: ${preview(m.text)}`).join(' '));
    }
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, viewer]);

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {messages.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/80">
          No messages yet. Ask a question or agree on payment and handover here.
        </p>
      ) : (
        // Focusable so keyboard users can scroll a long thread.
        <div ref={scroller} tabIndex={0} role="region" aria-label="Conversation" className="max-h-[60vh] overflow-y-auto rounded-box border border-base-300 bg-base-200 p-3 focus-visible:outline-2 focus-visible:outline-primary">
          <ol className="flex flex-col gap-3">
            {messages.map((m) => {
              const isMine = m.from === viewer;
              return (
                <li key={m._id} className={`flex flex-col ${isMine ? 'items-end' : 'items-start'}`}>
                  <div className={`max-w-[85%] rounded-box px-4 py-2 shadow-sm ${isMine ? 'bg-primary text-primary-content' : 'bg-base-100 text-base-content'}`}>
                    <p className="whitespace-pre-wrap wrap-anywhere">{m.text}</p>
                  </div>
                  {viewer !== null && <FlagNotice message={m} isMine={isMine} />}
                  <p className="mt-1 text-xs text-base-content">
                    <span className="font-medium">{isMine ? 'You' : m.senderName}</span>
                    {m.from === 'seller' && !isMine && ' (seller)'}
                    {m.from === 'buyer' && !isMine && ' (buyer)'}
                    {', '}
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                    {renderActions && <> {renderActions(m)}</>}
                  </p>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </>
  );
}
