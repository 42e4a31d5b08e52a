import { Link } from 'react-router';
import { Reveal } from '@/components/reveal';
import { paths } from '@/config/paths';

export function RegisterPromo() {
  return (
    <section aria-labelledby="promo-title" className="px-4 py-20">
      <Reveal>
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-5 rounded-box bg-secondary px-6 py-14 text-center text-secondary-content shadow-lg">
          <h2 id="promo-title" className="font-serif text-3xl font-bold sm:text-4xl">Best buying and selling platform out there</h2>
          <p className="max-w-xl text-lg text-secondary-content/85">Register for exclusive deals and personalized shopping!</p>
          <Link to={paths.register.getHref()} className="btn btn-accent btn-lg">Register Now</Link>
        </div>
      </Reveal>
    </section>
  );
}
