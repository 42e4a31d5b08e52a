import { PageHeader } from '@/components/page-header';
import { useNavigate } from 'react-router';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { DeleteAccountSection, DownloadDataButton } from '@/features/account/components/delete-account-section';
import { PasskeysSection } from '@/features/account/components/passkeys-section';
import { TwoFactorSection } from '@/features/account/components/two-factor-section';
import { paths } from '@/config/paths';
import { ProfileForm } from '@/features/account/components/profile-form';
import { SessionList } from '@/features/account/components/session-list';
import { useAuth } from '@/features/auth/components/auth-context';
import { BlockedList } from '@/features/blocks/components/blocked-list';
import { NotifyToggle } from '@/features/buyer-requests/components/notify-toggle';
import { useLogOut } from '@/features/auth/hooks/use-log-out';
import { uploadImage } from '@/features/products/api/upload-image';
import { DigestChoice } from '@/features/saved-searches/components/digest-choice';
import { showSuccess } from '@/lib/popups';

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id={id} className="font-serif text-xl font-bold">{title}</h2>
      <p className="mb-4 mt-1 text-sm text-base-content/70">{description}</p>
      {children}
    </section>
  );
}

/** docs/product.md#dashboard-profile */
export function Profile() {
  const { user, refreshUser } = useAuth();
  const handleLogOut = useLogOut();
  const navigate = useNavigate();

  return (
    <div>
      <PageHeader title="My Profile" description={user ? `Signed in as ${user.email}` : undefined} />
      <div className="flex max-w-3xl flex-col gap-6">
        <Section id="profile-details" title="Name and photo" description="Shown in the navigation bar and on the listings you add from now on.">
          {user && (
            <ProfileForm
              // Another account (a new sign-in) starts from its own values.
              key={user._id}
              defaultValues={{ name: user.displayName, photoURL: user.photoURL }}
              uploadPhoto={async (file) => (await uploadImage({ file })).data.display_url}
              onSaved={async () => {
                await refreshUser().catch(() => undefined);
                void showSuccess('Your profile is updated');
              }}
            />
          )}
        </Section>
        <Section
          id="profile-password"
          title="Change password"
          description="Changing it signs you out on every other device. Signed up with Google and never set one? Use Forgot password on the login page."
        >
          <ChangePasswordForm />
        </Section>
        <Section id="profile-email" title="Change email" description="We mail a link to the new address; your email changes when you open it, signed in.">
          <ChangeEmailForm />
        </Section>
        <Section id="profile-two-step" title="Two-step sign-in" description="A code from an authenticator app after your password.">
          <TwoFactorSection />
        </Section>
        <Section id="profile-passkeys" title="Passkeys" description="Sign in with this device's screen lock or a security key instead of a password and code.">
          <PasskeysSection />
        </Section>
        <Section
          id="profile-notifications"
          title="Notifications"
          description="Mails about your buy requests, the conversations with buyers and sellers, and your saved searches."
        >
          {user && (
            <div className="flex flex-col gap-5">
              <NotifyToggle key={user._id} isOn={user.notifyByEmail} onSaved={() => refreshUser().catch(() => undefined)} />
              <DigestChoice
                key={`${user._id}-digest`}
                isDigest={user.savedSearchDigest}
                isMailOn={user.notifyByEmail}
                onSaved={() => refreshUser().catch(() => undefined)}
              />
            </div>
          )}
        </Section>
        <Section id="profile-blocked" title="Blocked users" description="People you blocked cannot send you buy requests or messages, and you do not see each other’s listings. They are not told.">
          <BlockedList />
        </Section>
        <Section id="profile-sessions" title="Where you are signed in" description="Each device or browser you logged in with. Sign out any you do not recognise.">
          <SessionList onSignOutHere={() => void handleLogOut()} />
        </Section>
        <Section id="profile-data" title="Download my data" description="One JSON file with your profile, listings, requests, messages, photos, sessions and security events (once per hour).">
          <DownloadDataButton />
        </Section>
        <Section id="profile-delete" title="Delete account" description="Deletes your account and signs you out everywhere.">
          <DeleteAccountSection
            onDeleted={() => {
              void showSuccess('Your account was deleted');
              void refreshUser().catch(() => undefined);
              void navigate(paths.home.getHref());
            }}
          />
        </Section>
      </div>
    </div>
  );
}
