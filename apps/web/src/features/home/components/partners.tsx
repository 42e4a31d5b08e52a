import { Reveal } from '@/components/reveal';

const PARTNERS = ['Heritage & Co', 'VintageHub', 'ReLoop', 'Antiqua', 'SecondStory', 'OldTown Trade'];

export function Partners() {
  return (
    <section aria-labelledby="partners-title" className="border-t border-base-300 px-4 py-16">
      <Reveal>
        <h2 id="partners-title" className="mb-10 text-center text-xl font-semibold text-base-content/80">
          We collaborate with 20+ leading partnership
        </h2>
        <ul className="mx-auto grid max-w-6xl grid-cols-2 items-center gap-8 sm:grid-cols-3 lg:grid-cols-6">
          {PARTNERS.map((name, i) => (
            <li key={name} className="flex justify-center">
              <img src={`/images/partners/partner-${i + 1}.svg`} alt={name} width={200} height={60} loading="lazy" className="h-12 w-auto" />
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
