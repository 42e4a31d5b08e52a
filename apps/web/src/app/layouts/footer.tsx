import { FacebookIcon, InstagramIcon, LinkedinIcon, MailIcon, PhoneIcon, TwitterIcon } from '@/components/icons';
import { PRODUCT_NAME } from '@/config/paths';

export const CONTACT_EMAIL = 'support@oldengoods.com';
export const CONTACT_PHONE = '+1 (555) 013-2024';

// docs/product.md#layout: all footer links are empty.
function EmptyLink({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <a href="#" aria-label={label} className="link-hover link" onClick={(e) => e.preventDefault()}>
      {children}
    </a>
  );
}

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <aside className="space-y-3">
          <p className="flex items-center gap-2 font-serif text-2xl font-bold">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
            {PRODUCT_NAME}
          </p>
          <p className="max-w-xs text-sm text-neutral-content/80">
            Quality second-hand and antique goods, traded easily between people who care about them.
          </p>
        </aside>
        <nav aria-label="Services" className="flex flex-col gap-2 text-sm">
          <h2 className="footer-title mb-1">Services</h2>
          <EmptyLink>Web Design</EmptyLink>
          <EmptyLink>Web Development</EmptyLink>
          <EmptyLink>Science</EmptyLink>
          <EmptyLink>Digital Marketing</EmptyLink>
        </nav>
        <nav aria-label="Company" className="flex flex-col gap-2 text-sm">
          <h2 className="footer-title mb-1">Company</h2>
          <EmptyLink>Privacy Policy</EmptyLink>
          <EmptyLink>Sitemap</EmptyLink>
          <EmptyLink>Careers</EmptyLink>
          <EmptyLink>Terms &amp; Conditions</EmptyLink>
        </nav>
        <div className="flex flex-col gap-2 text-sm">
          <h2 className="footer-title mb-1">Follow us</h2>
          <p className="flex items-center gap-2"><MailIcon className="size-4" /> {CONTACT_EMAIL}</p>
          <p className="flex items-center gap-2"><PhoneIcon className="size-4" /> {CONTACT_PHONE}</p>
          <div className="mt-2 flex gap-3">
            <EmptyLink label="Facebook"><FacebookIcon className="size-5" /></EmptyLink>
            <EmptyLink label="Twitter"><TwitterIcon className="size-5" /></EmptyLink>
            <EmptyLink label="Instagram"><InstagramIcon className="size-5" /></EmptyLink>
            <EmptyLink label="LinkedIn"><LinkedinIcon className="size-5" /></EmptyLink>
          </div>
        </div>
      </div>
      <div className="border-t border-neutral-content/15 py-5 text-center text-xs text-neutral-content/70">
        <p>© {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.</p>
        {/* The places gazetteer's attribution (README, "Places data"): the spec's footer links stay empty, these are not its. */}
        <p className="mt-1">
          Place names and positions from{' '}
          <a className="link" href="https://www.geonames.org" rel="noopener noreferrer">GeoNames</a>, licensed under{' '}
          <a className="link" href="https://creativecommons.org/licenses/by/4.0/" rel="license noopener noreferrer">CC BY 4.0</a>.
        </p>
      </div>
    </footer>
  );
}
