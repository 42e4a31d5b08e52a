// Loaded lazily from the home page (Swiper). One review at a time, cross-faded in place: with the spec's 2000 ms
// transition every 2500 ms, sliding cards spent most of their time cut by the carousel's edge.
import { A11y, Autoplay, EffectFade, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/pagination';
import { StarIcon } from '@/components/icons';
import { TESTIMONIAL_CAROUSEL, TESTIMONIALS } from './testimonials-data';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-1" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} className={`size-4 ${i < Math.round(rating) ? 'text-accent' : 'text-base-300'}`} />
      ))}
      <span className="ml-1 text-sm font-semibold" aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}

export default function TestimonialCarousel() {
  return (
    <Swiper
      className="olden-swiper mx-auto max-w-3xl"
      modules={[A11y, Autoplay, EffectFade, Pagination]}
      effect="fade"
      fadeEffect={{ crossFade: true }}
      autoplay={{ delay: TESTIMONIAL_CAROUSEL.delay, disableOnInteraction: false }}
      speed={TESTIMONIAL_CAROUSEL.speed}
      loop
      pagination={{ clickable: true }}
      slidesPerView={1}
    >
      {TESTIMONIALS.map((t) => (
        <SwiperSlide key={t.authorName} className="h-auto!">
          <figure className="card h-full border border-base-300 bg-base-100 p-8 shadow-sm">
            <Stars rating={t.rating} />
            <blockquote className="mt-4 flex-1 text-base-content/85">“{t.review}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <img src={t.imageUrl} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-full" />
              <span>
                <span className="block font-semibold">{t.authorName}</span>
                <span className="block text-sm text-base-content/70">{t.authorPosition}</span>
              </span>
            </figcaption>
          </figure>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
