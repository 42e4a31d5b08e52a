import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The link from a list row to its request's messages, with the caller's unread count. */
export function ThreadLink({ id, unread, name }: { id: string; unread: number; name: string }) {
  const label = unread > 0 ? `Messages about ${name}, ${unread} unread` : `Messages about ${name}`;
  return (
    <Link to={paths.dashboard.requestThread.getHref(id)} className="btn btn-sm btn-outline" aria-label={label}>
      Messages
      {unread > 0 && (
        <span className="badge badge-sm badge-secondary" aria-hidden="true">
          {unread}
        </span>
      )}
    </Link>
  );
}
