import type { SessionInfo } from '@olden/contracts';
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { useId } from 'react';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { confirmAction, showError, showSuccess } from '@/lib/popups';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';
import { describeUserAgent } from '../lib/describe-user-agent';

interface SessionListProps {
  /** Signing out here is the ordinary Log Out, with its popup and its way to the login page. */
  onSignOutHere: () => void;
}

function SessionRow({ session, isEnding, onEnd }: { session: SessionInfo; isEnding: boolean; onEnd: () => void }) {
  const deviceId = useId();
  const device = describeUserAgent(session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm">
      <div className="min-w-0 flex-1 basis-56">
        <p id={deviceId} className="font-semibold">
          {device}
          {session.current && <span className="badge badge-primary badge-sm ml-2">This device</span>}
        </p>
        {session.userAgent && (
          <p className="truncate text-xs text-base-content/75" title={session.userAgent}>{session.userAgent}</p>
        )}
        <p className="mt-1 text-sm text-base-content/70">
          Signed in {formatDateTime(session.createdAt)} · Last seen {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={onEnd} disabled={isEnding} aria-describedby={deviceId}>
        {isEnding && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Sign out
      </button>
    </li>
  );
}

/** docs/product.md#dashboard-profile: where the user is signed in, with a way out for each and for all others. */
export function SessionList({ onSignOutHere }: SessionListProps) {
  const query = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const sessions = query.data ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const handleEnd = async (session: SessionInfo) => {
    if (session.current) {
      if (await confirmAction('Sign out of this device?', 'You will need to log in again here.', 'Yes, sign out')) onSignOutHere();
      return;
    }
    const device = describeUserAgent(session.userAgent);
    if (!(await confirmAction(`Sign out ${device}?`, 'Whoever uses that device will need to log in again.', 'Yes, sign it out'))) return;
    try {
      await endOne.mutateAsync(session._id);
      void showSuccess(`${device} is signed out`);
    } catch (err) {
      void showError('Could not sign out that device', errorMessage(err));
    }
  };

  const handleEndOthers = async () => {
    if (!(await confirmAction('Sign out everywhere else?', 'Every other device will need to log in again. This one stays signed in.', 'Yes, sign them out'))) return;
    try {
      const { message } = await endOthers.mutateAsync();
      void showSuccess(message || ACCOUNT_MESSAGES.otherSessionsEnded);
    } catch (err) {
      void showError('Could not sign out the other devices', errorMessage(err));
    }
  };

  if (query.isPending) return <ListSkeleton rows={2} label="Loading sessions" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (sessions.length === 0) return <EmptyState title="No sessions" />;

  return (
    <div className="space-y-4">
      <ul className="flex flex-col gap-3" aria-label="Sessions">
        {sessions.map((session) => (
          <SessionRow
            key={session._id}
            session={session}
            isEnding={endOne.isPending && endOne.variables === session._id}
            onEnd={() => void handleEnd(session)}
          />
        ))}
      </ul>
      {others > 0 ? (
        <button type="button" className="btn btn-outline" onClick={() => void handleEndOthers()} disabled={endOthers.isPending}>
          {endOthers.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Sign out everywhere else
        </button>
      ) : (
        <p className="text-sm text-base-content/70">You are signed in on this device only.</p>
      )}
    </div>
  );
}
