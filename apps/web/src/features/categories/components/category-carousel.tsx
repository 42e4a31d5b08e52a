// Loaded lazily from the home page, so Swiper's code arrives only there.
import { Link } from 'react-router';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { paths } from '@/config/paths';
import { CAROUSEL_CARDS, CATEGORY_BREAKPOINTS, CATEGORY_CAROUSEL, initialSlideFor } from './category-carousel-data';

export default function CategoryCarousel() {
  return (
    <Swiper
      className="olden-swiper"
      modules={[A11y, Autoplay, Navigation, Pagination]}
      speed={CATEGORY_CAROUSEL.speed}
      autoplay={{ delay: CATEGORY_CAROUSEL.autoplayDelay, pauseOnMouseEnter: true, disableOnInteraction: false }}
      loop
      navigation
      pagination={{ clickable: true }}
      spaceBetween={24}
      initialSlide={typeof window === 'undefined' ? 0 : initialSlideFor(window.innerWidth)}
      breakpoints={CATEGORY_BREAKPOINTS}
    >
      {CAROUSEL_CARDS.map((card, index) => (
        <SwiperSlide key={card.label} className="h-auto!">
          <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
            <figure className="relative aspect-[6/5] bg-base-200">
              <img src={card.image} alt="" width={480} height={400} loading="lazy" className="size-full object-cover" />
              <span className="badge badge-primary badge-lg absolute left-4 top-4 font-bold">{index + 1}</span>
            </figure>
            <div className="card-body gap-2">
              <h3 className="card-title text-base">{card.label}</h3>
              <p className="text-sm text-base-content/80">{card.label} category related essentials can be found here</p>
              <p className="text-sm font-medium text-primary">More than {card.count} kinds of products are available</p>
              <div className="card-actions mt-2">
                <Link to={paths.timeline.getHref()} className="btn btn-sm btn-outline btn-primary">
                  Timeline
                </Link>
              </div>
            </div>
          </article>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
