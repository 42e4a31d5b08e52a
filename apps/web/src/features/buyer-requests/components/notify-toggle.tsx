import type { SessionUser } from '@olden/contracts';
import { useId } from 'react';
import { useSavedSetting } from '@/lib/use-saved-setting';
import { useUpdateNotifyByEmail } from '../api/update-notify-by-email';

interface Props {
  /** The signed-in user's current choice. */
  isOn: boolean;
  /** Told the saved account, so the session's copy of it follows. */
  onSaved: (user: SessionUser) => Promise<void> | void;
}

/** "Email me about requests and messages": PATCH /users/me {notifyByEmail}, saved as soon as it is switched. */
export function NotifyToggle({ isOn, onSaved }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const update = useUpdateNotifyByEmail();
  const setting = useSavedSetting(isOn, async (next) => {
    const { user } = await update.mutateAsync(next);
    await onSaved(user);
    return user.notifyByEmail;
  });
  const { value: checked, error, change: handleChange } = setting;

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="toggle toggle-primary"
          checked={checked}
          disabled={update.isPending}
          aria-describedby={hintId}
          onChange={(event) => void handleChange(event.target.checked)}
        />
        <span className="font-medium">Email me about requests and messages</span>
      </label>
      <p id={hintId} className="text-sm text-base-content/80">
        New requests for your listings, answers to your requests, and new messages (at most one mail per conversation
        every 15 minutes).
      </p>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
