import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative flex h-[650px] items-center overflow-hidden bg-gradient-to-br from-[#4a2410] via-[#7a3e12] to-[#a8622a] text-primary-content"
    >
      <div className="mx-auto grid w-full max-w-7xl items-center gap-10 px-4 lg:grid-cols-2">
        <div className="space-y-6">
          <p className="badge badge-accent h-auto py-1 font-semibold sm:badge-lg">Second-hand &amp; antique marketplace</p>
          <h1 id="hero-title" className="font-serif text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
            Quality products, easy trading
          </h1>
          <p className="max-w-xl text-lg text-primary-content/85">
            Give well-made things a second life. List what you no longer need in minutes, and find pieces with
            character from sellers near you.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.dashboard.addProduct.getHref()} className="btn btn-accent btn-lg">
              Uploade your products
            </Link>
            <Link to={paths.timeline.getHref()} className="btn btn-outline btn-lg border-primary-content/70 text-primary-content hover:bg-primary-content hover:text-primary">
              Buy your products
            </Link>
          </div>
        </div>
        <img
          src="/images/hero.svg"
          alt=""
          width={600}
          height={520}
          fetchPriority="high"
          className="mx-auto hidden w-full max-w-lg lg:block"
        />
      </div>
    </section>
  );
}
