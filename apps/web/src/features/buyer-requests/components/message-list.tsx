import type { Message } from '@olden/contracts';
import { FLAGGED_MESSAGE_NOTE, FLAGGED_MESSAGE_WARNING, MESSAGE_FLAG_LABELS } from '@olden/contracts/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '@/lib/format';

/** Something shown in the thread at its time besides the messages: an offer's card (docs/product.md#offers). */
export interface ThreadEntry {
  id: string;
  createdAt: string;
  /** Whose it is: the viewer's own sit on the right, as their messages do. */
  isMine: boolean;
  node: ReactNode;
  /** Read out when it arrives, or when this text changes, while the page is open; null: nothing to say. */
  announcement: string | null;
}

interface Props {
  messages: Message[];
  /** Which party is reading: their own messages read 'You'; null for an admin reading others' thread. */
  viewer: 'buyer' | 'seller' | null;
  /** What the page puts beside a message (the thread page: "Report" on the other party's messages). */
  renderActions?: (message: Message) => ReactNode;
  /** Shown among the messages in time order. */
  entries?: ThreadEntry[];
}

const NO_ENTRIES: ThreadEntry[] = [];

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

/** An entry is told again when its announcement changes (an offer answered), so both make its key. */
const entryKey = (entry: ThreadEntry) => `entry:${entry.id}:${entry.announcement ?? ''}`;

/**
 * The thread, oldest first, newest at the bottom (kept in view as messages arrive), with the entries (offers) among
 * the messages at their time. Messages from the other party and entries' announcements that arrive while the page is
 * open are read out by a polite live region; the ones loaded with the page are not.
 */
export function MessageList({ messages, viewer, renderActions, entries = NO_ENTRIES }: Props) {
  const seen = useRef<Set<string> | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!seen.current) {
      seen.current = new Set([...messages.map((m) => m._id), ...entries.map(entryKey)]);
    } else {
      const fresh = messages.filter((m) => !seen.current!.has(m._id));
      for (const m of fresh) seen.current.add(m._id);
      const freshEntries = entries.filter((entry) => !seen.current!.has(entryKey(entry)));
      for (const entry of freshEntries) seen.current.add(entryKey(entry));
      const said = [
        ...fresh.filter((m) => m.from !== viewer).map((m) => `New message from ${m.senderName}: ${preview(m.text)}`),
        ...freshEntries.flatMap((entry) => (entry.announcement ? [entry.announcement] : [])),
      ];
      if (said.length > 0) setAnnouncement(said.join(' '));
    }
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, entries, viewer]);

  // Stable: a message and an entry made in the same millisecond keep the message first.
  const timeline = [
    ...messages.map((m) => ({ kind: 'message' as const, at: m.createdAt, m })),
    ...entries.map((entry) => ({ kind: 'entry' as const, at: entry.createdAt, entry })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {timeline.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/80">
          No messages yet. Ask a question or agree on payment and handover here.
        </p>
      ) : (
        // Focusable so keyboard users can scroll a long thread.
        <div ref={scroller} tabIndex={0} role="region" aria-label="Conversation" className="max-h-[60vh] overflow-y-auto rounded-box border border-base-300 bg-base-200 p-3 focus-visible:outline-2 focus-visible:outline-primary">
          <ol className="flex flex-col gap-3">
            {timeline.map((item) => {
              if (item.kind === 'entry') {
                return (
                  <li key={`entry-${item.entry.id}`} className={`flex flex-col ${item.entry.isMine ? 'items-end' : 'items-start'}`}>
                    {item.entry.node}
                  </li>
                );
              }
              const m = item.m;
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
