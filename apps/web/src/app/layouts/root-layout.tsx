import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PageMain } from '@/components/page-main';
import { paths } from '@/config/paths';
import { VerifyEmailBanner } from '@/features/account/components/verify-email-banner';
import { useAuth } from '@/features/auth/components/auth-context';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const { user, loading } = useAuth();
  // The dashboard renders inside this layout, so one banner here covers its pages too; the page that verifies
  // says everything itself.
  const isBannerShown = Boolean(user) && !loading && user?.emailVerified === false && location.pathname !== paths.verifyEmail.path;
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="btn btn-sm btn-primary fixed left-2 top-2 z-50 -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <Navbar />
      {navigation.state === 'loading' && (
        <progress className="progress progress-primary fixed inset-x-0 top-16 z-40 h-1 rounded-none" aria-label="Loading page" />
      )}
      <PageMain>
        {isBannerShown && <VerifyEmailBanner />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </PageMain>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
