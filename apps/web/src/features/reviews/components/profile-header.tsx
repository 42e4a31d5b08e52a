// A member's public profile at a glance: name, photo, ratings, listings and response figures (the server paints the
// same header first: apps/server/src/modules/pages/seller-page.ts).
import type { Profile } from '@olden/contracts';
import { Avatar } from '@/components/avatar';
import { SellerStars } from '@/components/seller-stars';

export function ProfileHeader({ profile }: { profile: Profile }) {
  const since = new Date(profile.memberSince).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const facts: [string, React.ReactNode][] = [
    ['As a seller', <SellerStars key="s" average={profile.asSeller.ratingAverage} count={profile.asSeller.ratingCount} />],
    ['As a buyer', <SellerStars key="b" average={profile.asBuyer.ratingAverage} count={profile.asBuyer.ratingCount} />],
    ['Listings', `${profile.listings.available} for sale · ${profile.listings.sold} sold`],
    ['Responds', profile.responseTime ? `${profile.responseTime} (${Math.round((profile.responseRate ?? 0) * 100)}% within 48 hours)` : 'Not enough requests yet'],
  ];
  return (
    <header className="mb-6 flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <Avatar src={profile.photoURL || undefined} size={72} />
        <div>
          <h1 className="font-serif text-3xl font-bold">{profile.name}</h1>
          <p className="mt-1 text-base-content/70">
            Member since {since}
            {profile.location && ` · ${profile.location}`}
            {profile.emailVerified && ' · Email verified'}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs uppercase tracking-wide text-base-content/70">{label}</dt>
            <dd className="mt-1 font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
