import { MESSAGE_MAX_LENGTH } from '@olden/contracts/constants';
import { useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { usePostMessage } from '../api/post-message';

/**
 * Writes a message: a labelled textarea, Ctrl+Enter (Cmd+Enter on a Mac) or the button sends. Enter alone makes a
 * new line, as in a letter. A failure keeps the draft and shows the server's reason.
 */
export function MessageComposer({ requestId }: { requestId: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const post = usePostMessage();

  const send = async () => {
    if (post.isPending) return;
    const text = draft.trim();
    if (!text) {
      setError('Message is required');
      textarea.current?.focus();
      return;
    }
    setError(null);
    try {
      await post.mutateAsync({ id: requestId, text });
      setDraft('');
    } catch (err) {
      setError(errorMessage(err));
    }
    textarea.current?.focus();
  };

  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <FormAlert message={error} />
      <label htmlFor={id} className="text-sm font-medium">
        Your message
      </label>
      <textarea
        ref={textarea}
        id={id}
        className="textarea w-full"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={draft}
        aria-describedby={hintId}
        aria-invalid={Boolean(error) || undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-base-content">
          Ctrl+Enter (⌘+Enter on a Mac) sends. {draft.length} / {MESSAGE_MAX_LENGTH}
        </p>
        <button type="submit" className="btn btn-primary btn-sm" disabled={post.isPending}>
          {post.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Send
        </button>
      </div>
    </form>
  );
}
