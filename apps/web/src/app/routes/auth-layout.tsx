import type { ReactNode } from 'react';

/** The two-column frame shared by the login and register pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="bg-base-200 px-4 py-12 sm:py-16">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xl lg:grid-cols-2">
        <div className="hidden flex-col justify-center gap-4 bg-gradient-to-br from-[#4a2410] to-[#a8622a] p-10 text-primary-content lg:flex">
          <img src="/images/hero.svg" alt="" width={600} height={520} className="w-full max-w-sm" />
          <p className="font-serif text-2xl font-semibold">Good things deserve a second home.</p>
        </div>
        <div className="p-6 sm:p-10">
          <h1 className="font-serif text-3xl font-bold">{title}</h1>
          <p className="mb-6 mt-2 text-base-content/70">{subtitle}</p>
          {children}
        </div>
      </div>
    </section>
  );
}
