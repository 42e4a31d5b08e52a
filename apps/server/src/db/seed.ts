// Demo data for an empty database. seedBase: the 9 categories (the web app ships their pictures).
// seedDemo: drawn pictures, demo accounts and sellers, ~30 listings and a few buy requests (see seed/).
import type { Services } from '../app.ts';
import { DEMO_PEOPLE, DEMO_SELLER_PASSWORD } from './seed/catalogue.ts';
import { DEMO_PASSWORDS } from './seed/demo.ts';

export const DEMO_ACCOUNTS = {
  admin: { email: DEMO_PEOPLE.admin.email, password: DEMO_PASSWORDS.admin, name: DEMO_PEOPLE.admin.name },
  user: { email: DEMO_PEOPLE.user.email, password: DEMO_PASSWORDS.user, name: DEMO_PEOPLE.user.name },
} as const;

/** The other demo sellers; they all sign in with DEMO_SELLER_PASSWORD. */
export const DEMO_SELLERS = [DEMO_PEOPLE.margaret, DEMO_PEOPLE.tomas, DEMO_PEOPLE.priya].map((p) => ({
  email: p.email,
  name: p.name,
  password: DEMO_SELLER_PASSWORD,
}));

export async function seedBase(services: Services): Promise<void> {
  await services.categories.ensure((key) => `/categories/${key}.webp`);
}

/** Seeds an empty database (no users yet) and does nothing otherwise; safe to call on every boot. */
export async function seedDemo(services: Services, _options: { dataDir: string }): Promise<boolean> {
  return services.demo.seed();
}
