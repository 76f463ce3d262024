import { SkipLink } from '@/components/layouts/skip-link';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FeatureGrid } from '@/features/landing/components/feature-grid';
import { HeroSection } from '@/features/landing/components/hero-section';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingNav } from '@/features/landing/components/landing-nav';
import { ProblemsSection } from '@/features/landing/components/problems-section';
import { SolutionsSection } from '@/features/landing/components/solutions-section';
import { useToken } from '@/lib/token-storage';

export function LandingRoute() {
  // A stored token is enough to offer the dashboard: loading the user here would put the session
  // code and its schemas on the lightest page, and the dashboard checks the token anyway.
  const isAuthenticated = useToken() !== null;
  return (
    <div className="min-h-screen bg-white dark:bg-zinc-950">
      <title>Shipdeck: GitHub and Vercel on one dashboard</title>
      <SkipLink />
      <LandingNav signedIn={isAuthenticated} />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <HeroSection signedIn={isAuthenticated} />
        <div className="below-first-screen">
          <FeatureGrid />
          <ProblemsSection />
          <SolutionsSection />
          <ClosingCta signedIn={isAuthenticated} />
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}
