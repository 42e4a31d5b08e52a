import { CONTACT_EMAIL, CONTACT_PHONE } from '@/app/layouts/footer';
import { MailIcon, PhoneIcon, PinIcon } from '@/components/icons';
import { pageTitle } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { ContactForm } from '@/features/contact/components/contact-form';

const CARDS = [
  { title: 'Address', text: '221 Market Street, Springfield', Icon: PinIcon },
  { title: 'Phone', text: CONTACT_PHONE, Icon: PhoneIcon },
  { title: 'E-mail', text: CONTACT_EMAIL, Icon: MailIcon },
];

export function Component() {
  const { user } = useAuth();
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <title>{pageTitle('Contact Us')}</title>
      <header className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="font-serif text-4xl font-bold">Contact Us</h1>
        <p className="mt-2 text-base-content/70">Questions about a listing, your account or a partnership? We usually reply within one working day.</p>
      </header>
      <ul className="mb-10 grid gap-6 md:grid-cols-3">
        {CARDS.map(({ title, text, Icon }) => (
          <li key={title} className="card border border-base-300 bg-base-100 p-6 text-center shadow-sm">
            <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary text-primary-content">
              <Icon className="size-6" />
            </span>
            <h2 className="font-semibold">{title}</h2>
            <p className="text-sm text-base-content/70">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mx-auto max-w-3xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-10">
        <ContactForm key={user?.email ?? 'visitor'} defaultName={user?.displayName} defaultEmail={user?.email} />
      </div>
    </section>
  );
}
