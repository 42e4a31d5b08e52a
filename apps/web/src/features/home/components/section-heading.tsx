export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="font-serif text-3xl font-bold text-base-content sm:text-4xl">{title}</h2>
      {subtitle && <p className="mt-3 text-base-content/70">{subtitle}</p>}
    </div>
  );
}
