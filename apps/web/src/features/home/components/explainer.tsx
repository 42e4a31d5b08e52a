import { Reveal } from '@/components/reveal';
import { SectionHeading } from './section-heading';

const STEPS = [
  { title: 'Post your goods for sale', text: 'Add photos, a fair price and a few honest words. Your listing is live on the timeline at once.', icon: 'M12 5v14M5 12h14' },
  { title: 'Add to cart', text: 'Found something you love? Send a buy request with your phone and address in a few clicks.', icon: 'M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6' },
  { title: 'Connect with buyer or seller', text: 'Sellers see every request with contact details, so the handover is a short conversation away.', icon: 'M7 8h10M7 12h6M4 4h16v12H8l-4 4z' },
  { title: 'Elevate the online buying and selling experience', text: 'Clear listings, quick answers and fair prices make trading second-hand a pleasure.', icon: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.4 6.7 19.4l1.2-6L3.4 9.3l6-.7z' },
];

export function Explainer() {
  return (
    <section aria-labelledby="how-title" className="bg-base-200 px-4 py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="how-title" title="How Olden Goods works" subtitle="From your attic to someone's favourite thing in four steps." />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <Reveal className="h-full">
                <article className="card h-full border border-base-300 bg-base-100 p-6 shadow-sm">
                  <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary text-primary-content">
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                      <path d={step.icon} />
                    </svg>
                  </span>
                  <p className="text-xs font-semibold uppercase tracking-wider text-primary">Step {i + 1}</p>
                  <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-sm text-base-content/70">{step.text}</p>
                </article>
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
