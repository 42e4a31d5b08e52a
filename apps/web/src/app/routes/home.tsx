import { lazy, Suspense } from 'react';
import { Reveal } from '@/components/reveal';
import { WhenNear } from '@/components/when-near';
import { pageTitle } from '@/config/paths';
import { CategoryGrid } from '@/features/categories/components/category-grid';
import { Explainer } from '@/features/home/components/explainer';
import { Hero } from '@/features/home/components/hero';
import { Partners } from '@/features/home/components/partners';
import { RegisterPromo } from '@/features/home/components/promo';
import { SectionHeading } from '@/features/home/components/section-heading';
import { RecentlyViewed } from '@/features/products/components/recently-viewed';

const CategoryCarousel = lazy(() => import('@/features/categories/components/category-carousel'));
const TestimonialCarousel = lazy(() => import('@/features/home/components/testimonial-carousel'));

function CarouselFallback() {
  return <div className="skeleton h-96 w-full" aria-hidden="true" />;
}

export function Component() {
  return (
    <>
      <title>{pageTitle('Home')}</title>
      <Hero />
      <RecentlyViewed />
      <section aria-labelledby="categories-title" className="px-4 py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="categories-title" title="Products category" subtitle="Select Your Goods: Explore Tailored Choices by Category Now!" />
          <CategoryGrid />
        </div>
      </section>
      <Explainer />
      <section aria-labelledby="carousel-title" className="px-4 py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="carousel-title" title="Browse by category" subtitle="Essentials for every part of life, passed on with care." />
          <Reveal>
            <WhenNear placeholder={<CarouselFallback />}>
              <Suspense fallback={<CarouselFallback />}>
                <CategoryCarousel />
              </Suspense>
            </WhenNear>
          </Reveal>
        </div>
      </section>
      <RegisterPromo />
      <section aria-labelledby="reviews-title" className="bg-base-200 px-4 py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="reviews-title" title="What our traders say" subtitle="Real words from people buying and selling on Olden Goods." />
          <WhenNear placeholder={<CarouselFallback />}>
            <Suspense fallback={<CarouselFallback />}>
              <TestimonialCarousel />
            </Suspense>
          </WhenNear>
        </div>
      </section>
      <Partners />
    </>
  );
}
