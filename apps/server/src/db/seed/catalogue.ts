// The demo catalogue: who sells what, for how much, and who has asked to buy it.
import type { CategoryKey } from '@olden/contracts';

export interface DemoPerson {
  key: string;
  email: string;
  name: string;
  phone: string;
  location: string;
}

/** Sellers besides the demo admin and user; they sign in with DEMO_SELLER_PASSWORD. */
export const DEMO_SELLER_PASSWORD = 'Seller@1234';

export const DEMO_PEOPLE = {
  admin: { key: 'admin', email: 'admin@example.com', name: 'Ada Admin', phone: '+1 212 555 0100', location: 'Brooklyn, New York' },
  user: { key: 'user', email: 'user@example.com', name: 'Uma User', phone: '+1 512 555 0142', location: 'Austin, Texas' },
  margaret: { key: 'margaret', email: 'margaret@example.com', name: 'Margaret Oldham', phone: '+1 912 555 0187', location: 'Savannah, Georgia' },
  tomas: { key: 'tomas', email: 'tomas@example.com', name: 'Tomás Reyes', phone: '+1 718 555 0163', location: 'Queens, New York' },
  priya: { key: 'priya', email: 'priya@example.com', name: 'Priya Nair', phone: '+1 503 555 0119', location: 'Portland, Oregon' },
} satisfies Record<string, DemoPerson>;
export type DemoPersonKey = keyof typeof DEMO_PEOPLE;

export interface DemoProduct {
  seller: DemoPersonKey;
  category: CategoryKey;
  name: string;
  price: number;
  /** Months of use. */
  age: number;
  /** Days since it was listed. */
  listedDaysAgo: number;
  shortDescription: string;
  longDescription: string;
}

const P = (
  seller: DemoPersonKey,
  category: CategoryKey,
  name: string,
  price: number,
  age: number,
  listedDaysAgo: number,
  shortDescription: string,
  longDescription: string,
): DemoProduct => ({ seller, category, name, price, age, listedDaysAgo, shortDescription, longDescription });

export const DEMO_PRODUCTS: DemoProduct[] = [
  P('margaret', 'homeAndLiving', 'Vintage brass desk lamp', 85, 480, 2,
    'Banker-style brass desk lamp with a green glass shade, rewired and working, a warm light for a reading corner.',
    'A solid brass desk lamp from the 1960s with its original green cased-glass shade. I had it rewired last spring with a new cloth cord and a modern switch, so it is safe to use every day. The brass has a soft, even patina that I have chosen not to polish away; the shade has one tiny chip on the inside rim that you only see when it is off. It weighs about 3 kg and stands 38 cm tall.'),
  P('user', 'homeAndLiving', 'Teak sideboard, mid-century', 640, 600, 6,
    'Danish-style teak sideboard with sliding doors and three drawers, sturdy and honest, a few marks from family life.',
    'This teak sideboard came from my grandparents\' dining room and has been looked after ever since. Two sliding doors hide adjustable shelves and the three drawers on the right still glide smoothly. There are a few light water rings on the top and a small scuff on the left side, both visible in the photos. It is 180 cm wide, 45 cm deep and 78 cm tall. You will need two people and a van to collect it.'),
  P('priya', 'homeAndLiving', 'Hand-painted porcelain tea set', 120, 360, 11,
    'Twelve-piece porcelain tea set with hand-painted roses and gilt rims: teapot, sugar bowl, creamer, cups and saucers.',
    'A complete tea set for four, painted by hand with small pink roses and finished with a thin gold rim. Teapot, lidded sugar bowl, creamer, four cups and four saucers, all without chips or cracks. The gilding has worn slightly on the cup handles from use, which I think only adds to its charm. It has always been washed by hand and I would recommend keeping it that way.'),
  P('tomas', 'homeAndLiving', 'Cast-iron dutch oven', 55, 240, 19,
    'Heavy enamelled cast-iron pot, 26 cm, orange exterior, cream interior, perfect for stews and bread.',
    'A well-loved enamelled cast-iron casserole, 26 cm across and about 5 litres. The cream enamel inside has a little staining from years of slow-cooked stews but no chips, and the orange outside is bright. The lid fits snugly. It goes from hob to oven and bakes a very good loaf of bread.'),
  P('margaret', 'homeAndLiving', 'Oak rocking chair', 210, 720, 27,
    'Solid oak rocking chair with spindle back and curved arms, rocks smoothly and quietly, a genuine heirloom piece.',
    'An oak rocking chair that has been in my family for three generations. The joints are tight, the runners are even and it rocks without a creak. The seat has been refinished once, the back and arms carry their original finish with the gentle wear of many evenings. A cushion is included but not pictured.'),
  P('tomas', 'electronics', 'Valve radio, walnut case', 150, 780, 1,
    'Restored 1950s valve radio in a walnut case, receives AM and FM, glowing dial, recapped and safe to use.',
    'A 1950s table radio with a walnut veneer case and a cream dial that glows as it warms up. A technician recapped it and replaced the mains lead last year, so it runs safely and sounds wonderfully warm on AM and FM. The veneer has a couple of small lifts at the back corner. The knobs are original and all of them turn freely.'),
  P('user', 'electronics', 'Film camera with 50 mm lens', 175, 420, 4,
    'Classic 35 mm SLR with a 50 mm f/1.8 lens, shutter accurate at all speeds, light meter working, new seals.',
    'A manual 35 mm film camera with its 50 mm f/1.8 standard lens. I replaced the light seals and tested the shutter with a roll of colour film: every speed is accurate and the light meter agrees with my phone app. The glass is clear with no fungus or haze. It comes with a leather half case and a neck strap.'),
  P('priya', 'electronics', 'Belt-drive record player', 230, 300, 9,
    'Belt-drive turntable with a new belt and stylus, plays 33 and 45 rpm, dust cover included, great with any amplifier.',
    'A reliable belt-drive turntable from the late 1970s with a new belt and a fresh stylus fitted this year. It plays at 33 and 45 rpm with steady speed, and the tonearm lifts and lowers smoothly. The smoked dust cover has fine scratches but no cracks. You need an amplifier with a phono input, or I can add a small preamp for 20 dollars more.'),
  P('margaret', 'electronics', 'Rotary telephone, cream', 65, 540, 15,
    'Cream rotary dial telephone, converted to work on a modern line, bell rings loudly, a lovely desk piece.',
    'A cream rotary telephone that has been fitted with a modern plug so it works on today\'s landlines that still accept pulse dialling. The bell is loud and clear, the dial returns evenly, and the handset cord is original and uncoiled only slightly. The case has a few light marks that would buff out.'),
  P('tomas', 'hobbiesSports', 'Steel-frame town bicycle', 260, 360, 3,
    'Three-speed steel town bike, 56 cm frame, new tyres and brake pads, front basket and rear rack included.',
    'An upright three-speed town bicycle with a 56 cm steel frame that suits riders from about 170 to 185 cm. I fitted new tyres, tubes and brake pads and adjusted the hub gears, so it rides smoothly and stops well. It keeps its original chrome mudguards, a wicker front basket and a rear rack. There is some surface rust on the chainguard.'),
  P('user', 'hobbiesSports', 'Wooden tennis racket with press', 45, 600, 8,
    'Laminated wooden tennis racket in its original press, strings intact, a lovely wall piece or for gentle play.',
    'A laminated ash tennis racket from the early 1970s, still in its wooden press so the frame has stayed perfectly straight. The gut strings are intact and the leather grip is worn smooth. It makes a lovely decoration, and it is still perfectly usable for a gentle knock-about on a sunny afternoon.'),
  P('priya', 'hobbiesSports', 'Acoustic guitar with case', 190, 264, 13,
    'Solid spruce top acoustic guitar, low action, new strings, warm tone, with a padded gig bag and strap.',
    'A dreadnought acoustic guitar with a solid spruce top and mahogany back and sides. The neck is straight, the action is low and comfortable, and I put on new light-gauge strings last week. There is a small buckle scratch on the back. It comes with a padded gig bag, a strap and a few picks.'),
  P('margaret', 'hobbiesSports', 'Chess set in a walnut box', 70, 420, 22,
    'Weighted boxwood and ebonised chess pieces with a folding walnut board that stores them, complete set.',
    'A complete set of weighted chess pieces in boxwood and ebonised wood, with felted bases, and a folding walnut board that doubles as the box. The king stands 8 cm tall. All thirty-two pieces are present and the board hinges are firm. A few felt pads are slightly worn.'),
  P('tomas', 'vehicles', 'Classic scooter, 150 cc', 2400, 540, 5,
    'Restored 150 cc scooter, runs well, new seat and tyres, papers in order, a joy for city errands.',
    'A restored 150 cc two-stroke scooter in pale blue. The engine was rebuilt two years ago and has covered about 2,000 km since; it starts on the second kick and idles steadily. New seat cover, tyres and cables. The papers are in order and it is ready for transfer. Small scratches on the left side panel.'),
  P('user', 'vehicles', 'Vintage car hubcaps, set of four', 120, 700, 12,
    'Four chrome hubcaps for a 1960s saloon, straight and shiny, with their original clips, ready to fit.',
    'A matching set of four chrome hubcaps for 1960s saloons with 15-inch wheels. They are straight with no dents, the chrome is bright with only light pitting near the edges, and all of the original spring clips are present. They look equally good on a car or on a garage wall.'),
  P('margaret', 'vehicles', 'Leather motorcycle saddlebags', 160, 300, 24,
    'Pair of brown leather saddlebags with buckles and mounting straps, supple and waterproofed, fits most bikes.',
    'Two brown leather saddlebags with brass buckles and a throw-over strap that fits most motorcycles with a rear seat. I have fed the leather and waterproofed the seams, and they stay dry in a summer shower. Each bag holds about 12 litres. The stitching is sound throughout.'),
  P('priya', 'mensFashion', 'Automatic wristwatch, 1970s', 320, 600, 2,
    'Automatic wristwatch from the 1970s, serviced last year, keeps good time, steel case and new leather strap.',
    'A steel-cased automatic watch from the 1970s with a silver sunburst dial and a date window. It was serviced by a watchmaker last year and gains about ten seconds a day. The crystal has a few light hairlines and the case shows honest wear. A new brown leather strap is fitted and the original steel bracelet is included.'),
  P('tomas', 'mensFashion', 'Wool overcoat, charcoal', 140, 180, 10,
    'Charcoal wool overcoat, size 40, fully lined, long cut, warm and smart, dry-cleaned and ready to wear.',
    'A charcoal wool overcoat in a size 40 regular, with a long cut that falls just below the knee. It is fully lined, has two deep outer pockets and one inside, and all the horn buttons are original. It has just been dry-cleaned. There is a small repaired seam in the left pocket lining.'),
  P('user', 'mensFashion', 'Barber\'s straight razor set', 60, 360, 18,
    'Straight razor with a horn handle, honed and sharp, with a leather strop and shaving brush in a wooden case.',
    'A classic straight razor with a horn handle, freshly honed and shave-ready, sold with a two-sided leather strop and a badger hair shaving brush. Everything sits in a small lined wooden case. The blade has a little etching wear near the tang but no rust. Please take care: it is very sharp.'),
  P('margaret', 'womensFashion', 'Leather handbag, 1960s', 110, 600, 3,
    'Structured leather handbag with top handle and gold clasp, lined in silk, from the 1960s, in lovely condition.',
    'A structured calfskin handbag from the 1960s with a single top handle and a gold-tone clasp that closes with a satisfying click. The inside is lined in cream silk with a zipped pocket and a mirror. The leather has been cleaned and conditioned; there is light wear on the corners.'),
  P('priya', 'womensFashion', 'Silk scarf, hand-rolled edges', 40, 240, 14,
    'Printed silk twill scarf, 90 cm square, hand-rolled edges, bright colours and a botanical pattern.',
    'A 90 cm square silk twill scarf with a botanical print in warm reds and golds and hand-rolled edges. The colours are bright and there are no pulls, holes or stains. It can be worn around the neck, in the hair or tied to the handle of a bag.'),
  P('tomas', 'womensFashion', 'Pearl necklace with silver clasp', 180, 480, 20,
    'Single strand of cultured pearls, 45 cm, knotted between each pearl, sterling silver clasp, recently restrung.',
    'A single strand of cultured pearls, 45 cm long, with even lustre and a creamy colour. It was professionally restrung this year with a knot between every pearl and closes with a sterling silver box clasp. It comes in a small velvet pouch.'),
  P('user', 'kids', 'Wooden rocking horse', 150, 300, 1,
    'Hand-made wooden rocking horse with a real horsehair mane, sturdy and safe, for children of two to six.',
    'A hand-made rocking horse in beech with a horsehair mane and tail, leather reins and brass stirrups. It rocks steadily on a safety base so it cannot tip. The paint has some small chips from happy riders, and every joint is tight. It suits children from about two to six years old.'),
  P('margaret', 'kids', 'Teddy bear, jointed mohair', 75, 720, 16,
    'Jointed mohair teddy bear with glass eyes, 40 cm, soft and well loved, a wonderful companion or keepsake.',
    'A jointed mohair teddy bear, 40 cm tall, with glass eyes and a stitched nose. His arms, legs and head all turn. The mohair is a little thin on his paws from cuddles, and he has been gently surface-cleaned. He is a keepsake rather than a toy for very small children.'),
  P('priya', 'kids', 'Illustrated fairy-tale collection', 35, 540, 25,
    'Hardback collection of classic fairy tales with colour plates, 1960s edition, binding tight, pages clean.',
    'A hardback collection of forty classic fairy tales illustrated with full-page colour plates. This 1960s edition has a tight binding and clean pages, and all of the plates are present. The cloth cover has faded slightly along the spine. A lovely book to read aloud.'),
  P('priya', 'education', 'Desk globe on brass stand', 95, 420, 4,
    'Thirty-centimetre desk globe on a brass meridian and wooden base, turns smoothly, softly faded colours.',
    'A 30 cm desk globe on a brass half meridian and a turned wooden base. It spins smoothly and the meridian holds it at a steady tilt. The colours have faded gently to warm creams and blues, and some of the borders are from another era, which makes it a good talking point.'),
  P('tomas', 'education', 'Encyclopaedia set, 24 volumes', 80, 600, 17,
    'Complete 24-volume encyclopaedia in blue cloth with gilt titles, all volumes present, an impressive shelf.',
    'A complete 24-volume encyclopaedia bound in blue cloth with gilt lettering on the spines. Every volume is present and the pages are clean, with a few pencil notes in the science volumes. It fills a little more than a metre of shelf. Collection preferred because of the weight.'),
  P('margaret', 'education', 'Oak school desk with inkwell', 190, 840, 23,
    'Single oak school desk with a lift-up lid, pencil groove and porcelain inkwell, sturdy cast-iron legs.',
    'A single school desk in oak with a lift-up lid, a pencil groove and its original porcelain inkwell. The cast-iron legs are sturdy and the seat is attached. Generations of initials are carved under the lid, and I have left them just as they are.'),
  P('tomas', 'pets', 'Victorian-style bird cage', 130, 360, 7,
    'Domed wire bird cage with a brass finish and pull-out tray, suitable for finches or canaries, or as decor.',
    'A domed wire bird cage with a brass finish, 60 cm tall, with a hanging ring, two perches, two feeders and a pull-out tray for easy cleaning. The door latch is secure. It suits finches or canaries, or it can hold plants and lights as a decoration.'),
  P('user', 'pets', 'Wicker dog basket with cushion', 50, 120, 21,
    'Round wicker dog basket, 70 cm, with a washable cushion, suits a medium-sized dog, sturdy and clean.',
    'A round wicker dog basket 70 cm across with a removable, washable cushion. It suits a medium-sized dog. The wicker is sturdy with no broken strands, and the whole basket has been cleaned. Our dog has outgrown it, which is the only reason it is for sale.'),
  P('priya', 'pets', 'Ceramic cat bowls, pair', 25, 60, 26,
    'Pair of glazed ceramic cat bowls with painted fish, heavy so they do not slide, dishwasher safe.',
    'Two glazed ceramic bowls with small painted fish, heavy enough that they do not slide across the floor. Each holds about 250 ml. They are dishwasher safe and have no chips or crazing.'),
];

/** Pending requests between the demo people: [buyer, product name, phone, address]. */
export const DEMO_REQUESTS: [DemoPersonKey, string, string][] = [
  ['user', 'Vintage brass desk lamp', '12 Congress Avenue, Austin, Texas'],
  ['user', 'Valve radio, walnut case', '12 Congress Avenue, Austin, Texas'],
  ['user', 'Desk globe on brass stand', '12 Congress Avenue, Austin, Texas'],
  ['margaret', 'Wooden rocking horse', '41 Jones Street, Savannah, Georgia'],
  ['tomas', 'Film camera with 50 mm lens', '88 Steinway Street, Queens, New York'],
  ['priya', 'Teak sideboard, mid-century', '7 Alberta Street, Portland, Oregon'],
];
