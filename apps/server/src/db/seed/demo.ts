// Fills an empty database with a small, believable marketplace: pictures, people, listings, requests.
import { type CategoryKey, sameEmail } from '@olden/contracts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { buyRequestRow } from '../../modules/buyer-requests/service.ts';
import type { CategoriesService } from '../../modules/categories/service.ts';
import { CATEGORY_DATA } from '../../modules/categories/data.ts';
import type { ImagesService } from '../../modules/images/service.ts';
import type { UsersService } from '../../modules/users/service.ts';
import { buyerRequests, products } from '../schema.ts';
import { avatarPicture, categoryPictures, hasOwnDrawing, PALETTES, productPictures } from './art.ts';
import {
  DEMO_PEOPLE,
  DEMO_PRODUCTS,
  DEMO_REQUESTS,
  DEMO_SELLER_PASSWORD,
  type DemoPerson,
  type DemoPersonKey,
} from './catalogue.ts';

export const DEMO_PASSWORDS: Record<DemoPersonKey, string> = {
  admin: 'Admin@1234',
  user: 'User@1234',
  margaret: DEMO_SELLER_PASSWORD,
  tomas: DEMO_SELLER_PASSWORD,
  priya: DEMO_SELLER_PASSWORD,
};

/** Demo pictures are drawn, not photographed: the fastest WebP effort is plenty for flat colours. */
const DEMO_WEBP_EFFORT = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoSeedDeps {
  users: UsersService;
  categories: CategoriesService;
  images: ImagesService;
}

export function createDemoSeeder(ctx: AppContext, deps: DemoSeedDeps) {
  const { users, categories, images } = deps;

  /** Four stored pictures per category (the first is also the category's own image). */
  async function drawCategories(): Promise<Map<CategoryKey, string[]>> {
    const entries = await Promise.all(
      CATEGORY_DATA.map(async (c, i) => {
        const pictures = await categoryPictures(c.category, c.categoryName, PALETTES[i % PALETTES.length]!);
        const stored = await Promise.all(pictures.map((png) => images.store(png, null, { effort: DEMO_WEBP_EFFORT })));
        return [c.category, stored.map((s) => s.display_url)] as const;
      }),
    );
    return new Map(entries);
  }

  /** Four stored pictures of each demo listing that is not its category's own object (the camera, the rocking horse...). */
  async function drawProducts(): Promise<Map<string, string[]>> {
    const entries = await Promise.all(
      DEMO_PRODUCTS.filter((p) => hasOwnDrawing(p.name)).map(async (p, i) => {
        const pictures = await productPictures(p.name, p.category, PALETTES[(i + 1) % PALETTES.length]!);
        const stored = await Promise.all(pictures.map((png) => images.store(png, null, { effort: DEMO_WEBP_EFFORT })));
        return [p.name, stored.map((s) => s.display_url)] as const;
      }),
    );
    return new Map(entries);
  }

  async function createPeople(): Promise<Map<DemoPersonKey, { id: string; person: DemoPerson }>> {
    const people = Object.entries(DEMO_PEOPLE) as [DemoPersonKey, DemoPerson][];
    const hashes = new Map<string, Promise<string>>();
    const hashOf = (password: string) => {
      if (!hashes.has(password)) hashes.set(password, hashPassword(password));
      return hashes.get(password)!;
    };
    const created = await Promise.all(
      people.map(async ([key, person], i) => {
        const [avatar, passwordHash] = await Promise.all([
          images.store(await avatarPicture(person.name, PALETTES[(i + 2) % PALETTES.length]!), null, { effort: DEMO_WEBP_EFFORT }),
          hashOf(DEMO_PASSWORDS[key]),
        ]);
        const { user } = await users.createAccount({
          email: person.email,
          name: person.name,
          photoURL: avatar.variants[0]!.url,
          passwordHash,
          // Demo addresses cannot receive mail; they are only seeded where nobody else can sign in.
          emailVerified: true,
        });
        if (key === 'admin') await users.grantAdminByEmail(person.email);
        return [key, { id: user.id, person }] as const;
      }),
    );
    return new Map(created);
  }

  return {
    /** Seeds only an empty database (no users); returns whether it did. */
    async seed(): Promise<boolean> {
      if ((await users.list({ limit: 1 })).rows.length > 0) return false;
      const started = Date.now();
      const [pictures, productPicturesByName] = await Promise.all([drawCategories(), drawProducts()]);
      await categories.ensure((key) => pictures.get(key)![0]!);
      const people = await createPeople();
      const now = Date.now();

      const productRows = DEMO_PRODUCTS.map((p, i) => {
        const seller = people.get(p.seller)!;
        // Spread within the day too, so no two listings share a timestamp.
        const createdAt = new Date(now - p.listedDaysAgo * DAY_MS - (i * 37 + 11) * 60_000);
        const [image1, image2, image3, image4] = productPicturesByName.get(p.name) ?? pictures.get(p.category)!;
        return {
          id: newId(),
          sellerId: seller.id,
          name: p.name,
          age: p.age,
          date: createdAt.toISOString().slice(0, 10),
          category: p.category,
          shortDescription: p.shortDescription,
          longDescription: p.longDescription,
          priceCents: Math.round(p.price * 100),
          uploaderPhone: seller.person.phone,
          uploaderLocation: seller.person.location,
          uploaderName: seller.person.name,
          sellerEmail: seller.person.email,
          image1: image1!,
          image2: image2!,
          image3: image3!,
          image4: image4!,
          createdAt,
          status: 'available' as const,
          moderation: 'visible' as const,
          updatedAt: createdAt,
          favouriteCount: 0,
          // Resolved from uploaderLocation at start, once the gazetteer is loaded (server.ts).
          placeId: null,
          placeName: null,
          placeCountryCode: null,
          placeLat: null,
          placeLng: null,
          acceptOffers: true,
          offerFloorCents: null,
        };
      });
      const byName = new Map(productRows.map((r) => [r.name, r]));
      const requestRows = DEMO_REQUESTS.map(([buyerKey, productName, address], i) => {
        const buyer = people.get(buyerKey)!;
        const product = byName.get(productName);
        if (!product) throw new Error(`demo request names an unknown product: ${productName}`);
        if (sameEmail(product.sellerEmail, buyer.person.email)) throw new Error(`demo request on the buyer's own product: ${productName}`);
        return {
          ...buyRequestRow({
            product,
            buyer: { id: buyer.id, name: buyer.person.name, email: buyer.person.email },
            phoneNumber: buyer.person.phone,
            buyerAddress: address,
          }),
          createdAt: new Date(now - (i + 1) * 3 * 60 * 60_000),
          updatedAt: new Date(now - (i + 1) * 3 * 60 * 60_000),
        };
      });
      await ctx.db.transaction(async (tx) => {
        await tx.insert(products).values(productRows);
        await tx.insert(buyerRequests).values(requestRows);
      });
      ctx.log.info(
        { products: productRows.length, requests: requestRows.length, ms: Date.now() - started },
        'seeded demo data',
      );
      return true;
    },
  };
}
export type DemoSeeder = ReturnType<typeof createDemoSeeder>;
