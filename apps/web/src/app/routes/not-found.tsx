import { Link } from 'react-router';
import { pageTitle, paths } from '@/config/paths';

export function NotFoundContent() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <title>{pageTitle('Page not found')}</title>
      <p className="font-serif text-7xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">We could not find that page</h1>
      <p className="text-base-content/70">
        The page may have moved, or the item may have been sold and removed. Try the timeline to browse what is on offer.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className="btn btn-primary">Back to Home</Link>
        <Link to={paths.timeline.getHref()} className="btn btn-outline">Browse the Timeline</Link>
      </div>
    </section>
  );
}
