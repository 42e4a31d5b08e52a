import type { SessionUser } from '@olden/contracts';
import { useId } from 'react';
import { useSavedSetting } from '@/lib/use-saved-setting';
import { showToast } from '@/lib/popups';
import { useUpdateSavedSearchDigest } from '../api/update-saved-search-digest';

interface Props {
  /** The signed-in user's current choice (savedSearchDigest). */
  isDigest: boolean;
  /** The user's mail switch (notifyByEmail): off, no alert mail goes either way, so there is nothing to choose. */
  isMailOn: boolean;
  /** Told the saved account, so the session's copy of it follows. */
  onSaved: (user: SessionUser) => Promise<void> | void;
}

const CHOICES = [
  { isDigest: false, label: 'As they come', hint: 'Each instant search mails when it finds new listings; daily searches come in the daily digest.' },
  { isDigest: true, label: 'In one daily digest', hint: 'Instant searches too: one mail a day. Their notices on the site still come at once.' },
] as const;

/** "Saved-search alert mails": PATCH /users/me {savedSearchDigest}, saved as soon as it is chosen (docs/product.md#dashboard-profile). */
export function DigestChoice({ isDigest, isMailOn, onSaved }: Props) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const update = useUpdateSavedSearchDigest();
  const setting = useSavedSetting(isDigest, async (next) => {
    const { user } = await update.mutateAsync(next);
    void showToast(user.savedSearchDigest ? 'Saved-search alerts: one daily digest' : 'Saved-search alerts: mailed as they come', 'success');
    await onSaved(user);
    return user.savedSearchDigest;
  });
  const { value: chosen, error } = setting;
  // Not disabled while saving (a radio that is disabled loses the keyboard's focus): a second choice waits its turn.
  const handleChange = async (next: boolean) => {
    if (!update.isPending) await setting.change(next);
  };

  return (
    <fieldset className="flex flex-col gap-2" disabled={!isMailOn} aria-describedby={isMailOn ? undefined : reasonId} aria-busy={update.isPending}>
      <legend className="mb-1 font-medium">Saved-search alert mails</legend>
      {CHOICES.map((choice) => {
        const optionId = `${id}-${choice.isDigest ? 'digest' : 'live'}`;
        return (
          <div key={optionId} className="flex items-start gap-3">
            <input
              id={optionId}
              type="radio"
              name={`${id}-choice`}
              className="radio radio-primary radio-sm mt-0.5"
              checked={chosen === choice.isDigest}
              aria-describedby={`${optionId}-hint`}
              onChange={() => void handleChange(choice.isDigest)}
            />
            <div>
              <label htmlFor={optionId} className="cursor-pointer">
                {choice.label}
              </label>
              <p id={`${optionId}-hint`} className="text-sm text-base-content/80">
                {choice.hint}
              </p>
            </div>
          </div>
        );
      })}
      {!isMailOn && (
        <p id={reasonId} className="text-sm text-base-content/80">
          Email is off above, so no alert mail goes: turn it on to choose.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
