// Demo data for an empty database: categories, a demo admin and user. (Products, images and requests: see seedDemo.)
import type { Services } from '../app.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'Admin@1234', name: 'Ada Admin' },
  user: { email: 'user@example.com', password: 'User@1234', name: 'Uma User' },
} as const;

export async function seedBase(services: Services): Promise<void> {
  await services.categories.ensure((key) => `/categories/${key}.webp`);
}

export async function seedDemo(services: Services, _options: { dataDir: string }): Promise<void> {
  const existing = await services.users.list(1);
  if (existing.length > 0) return;
  await seedBase(services);
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    const { user } = await services.users.createAccount({
      email: account.email,
      name: account.name,
      photoURL: `https://i.pravatar.cc/150?u=${account.email}`,
      passwordHash: await hashPassword(account.password),
    });
    if (role === 'admin') await services.users.grantAdminByEmail(user.email);
  }
}
