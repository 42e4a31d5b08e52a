// Loaded lazily from the product page (Swiper).
import { A11y, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { SmartImage } from '@/components/smart-image';

export default function ImageSlider({ images, name }: { images: string[]; name: string }) {
  return (
    <Swiper className="olden-swiper rounded-box" modules={[A11y, Navigation, Pagination]} navigation pagination={{ clickable: true }} spaceBetween={16}
      slidesPerView={1}
      breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
    >
      {images.map((src, i) => (
        <SwiperSlide key={`${src}-${i}`}>
          <SmartImage src={src} width={1280} height={960} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" alt={`${name}, photo ${i + 2}`} className="aspect-[4/3] w-full rounded-box bg-base-200 object-cover" />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
