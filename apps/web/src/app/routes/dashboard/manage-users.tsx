import { useRef } from 'react';
import type { User } from '@olden/contracts';
import { sameEmail } from '@olden/contracts/constants';
import { Avatar } from '@/components/avatar';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/components/auth-context';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useUsers } from '@/features/users/api/list-users';
import { useMakeAdmin } from '@/features/users/api/make-admin';
import { useRemoveAdmin } from '@/features/users/api/remove-admin';
import { ApiError, errorMessage } from '@/lib/api-client';
import { confirmRemoval } from '@/lib/confirm-removal';
import { confirmAction, showError, showSuccess } from '@/lib/popups';

/** Why an admin's Ban is disabled (the server refuses it too: 409 ADMIN_NOT_BANNABLE). */
const BAN_ADMIN_HINT = 'Remove their admin role before banning them';

/** The server's 409s for Remove admin get their own titles; the message (the server's) says the rest. */
function removeAdminFailureTitle(err: unknown): string {
  if (err instanceof ApiError && err.code === 'PROTECTED_ADMIN') return 'This admin is set by the server';
  if (err instanceof ApiError && err.code === 'LAST_ADMIN') return 'The last admin stays';
  return 'Could not remove admin';
}

export function ManageUsers() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user: me } = useAuth();
  const query = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeAdmin = useRemoveAdmin();
  const remove = useDeleteUser();
  const users = query.data?.pages.flatMap((p) => p.items) ?? [];

  const handleMakeAdmin = async (user: User) => {
    try {
      const result = await makeAdmin.mutateAsync(user._id);
      if (result.modifiedCount > 0) void showSuccess(`${user.name} is an Admin now`);
    } catch (err) {
      void showError('Could not make admin', errorMessage(err));
    }
  };

  const handleRemoveAdmin = async (user: User) => {
    if (!(await confirmAction('Are you sure?', `${user.name} will no longer be able to manage users and listings.`, 'Yes, remove admin!'))) return;
    try {
      const result = await removeAdmin.mutateAsync(user._id);
      if (result.modifiedCount > 0) void showSuccess(`${user.name} is no longer an Admin`);
    } catch (err) {
      void showError(removeAdminFailureTitle(err), errorMessage(err));
    }
  };

  const handleBan = (user: User) =>
    confirmRemoval({
      confirm: ['Make sense, Are you sure?', "You won't be able to delete this!", 'Yes, Delete User!'],
      remove: () => remove.mutateAsync(user._id),
      success: ['Deleted!', 'Your file has been deleted.'],
      failureTitle: 'Could not ban',
      focusAfter: headingRef,
    });

  return (
    <section>
      <PageHeader
        headingRef={headingRef}
        title="All Users / Make Admin"
        description="Everyone with an account. Admins can manage users and every listing; a ban deletes the account and signs it out. An admin's role must be removed before a ban."
      />
      {query.isPending ? (
        <ListSkeleton rows={5} label="Loading users" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : users.length === 0 ? (
        <EmptyState title="No users yet" />
      ) : (
        <>
          <p className="mb-3 text-sm text-base-content/70">
            {users.length} {users.length === 1 ? 'user' : 'users'}
          </p>
          <ul className="flex flex-col gap-3" aria-label="Users">
            {users.map((user) => {
              const isMe = !!me && sameEmail(me.email, user.email);
              const isAdmin = user.role === 'admin';
              const isPromoting = makeAdmin.isPending && makeAdmin.variables === user._id;
              const isDemoting = removeAdmin.isPending && removeAdmin.variables === user._id;
              const isBanning = remove.isPending && remove.variables === user._id;
              return (
                <li
                  key={user._id}
                  className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm md:flex-nowrap"
                  aria-label={user.name}
                >
                  <Avatar src={user.photoURL} />
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="font-semibold">
                      {user.name} {isMe && <span className="badge badge-ghost badge-sm ml-1">You</span>}
                    </p>
                    <p className="truncate text-sm text-base-content/70" title={user.email}>
                      {user.email}
                    </p>
                  </div>
                  <p className="w-20 text-sm">
                    <span className="sr-only">Role: </span>
                    <span className={`badge badge-sm ${isAdmin ? 'badge-primary' : 'badge-ghost'}`}>{user.role}</span>
                  </p>
                  <div className="flex w-full items-center gap-2 md:w-auto">
                    {isAdmin ? (
                      <span className="w-32 text-center text-sm font-semibold text-success">Admin Now</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-primary w-32"
                        onClick={() => void handleMakeAdmin(user)}
                        disabled={isPromoting}
                        aria-label={`Make Admin: ${user.name}`}
                      >
                        {isPromoting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                        Make Admin
                      </button>
                    )}
                    {isAdmin && !isMe && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline w-32"
                        onClick={() => void handleRemoveAdmin(user)}
                        disabled={isDemoting}
                        aria-label={`Remove admin: ${user.name}`}
                      >
                        {isDemoting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                        Remove admin
                      </button>
                    )}
                    {isMe ? (
                      <span className="w-20 text-center text-xs text-base-content/75">This is you</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-error w-20"
                        onClick={() => void handleBan(user)}
                        disabled={isBanning || isAdmin}
                        aria-label={`Ban ${user.name}`}
                        title={isAdmin ? BAN_ADMIN_HINT : undefined}
                        aria-describedby={isAdmin ? `ban-hint-${user._id}` : undefined}
                      >
                        {isBanning && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                        Ban
                      </button>
                    )}
                    {isAdmin && !isMe && (
                      <span id={`ban-hint-${user._id}`} className="sr-only">
                        {BAN_ADMIN_HINT}
                      </span>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </section>
  );
}
