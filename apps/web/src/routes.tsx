import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from './components/ui/spinner';
import { HomePage } from './pages/home';

// Home is where people land; every other page loads when first visited.
const AccountPage = lazy(() => import('./pages/account').then((m) => ({ default: m.AccountPage })));
const AuthPage = lazy(() => import('./pages/auth').then((m) => ({ default: m.AuthPage })));
const CheckoutPage = lazy(() => import('./pages/checkout').then((m) => ({ default: m.CheckoutPage })));
const PngToSvgPage = lazy(() => import('./pages/png-to-svg').then((m) => ({ default: m.PngToSvgPage })));
const HowToVectorizeALogoPage = lazy(() =>
  import('./pages/how-to-vectorize-a-logo').then((m) => ({ default: m.HowToVectorizeALogoPage })),
);
const CuttingEngravingPlottingPage = lazy(() =>
  import('./pages/cutting-engraving-plotting').then((m) => ({ default: m.CuttingEngravingPlottingPage })),
);
const ApiReferencePage = lazy(() =>
  import('./pages/api-reference').then((m) => ({ default: m.ApiReferencePage })),
);
const SandboxCheckoutPage = lazy(() =>
  import('./pages/sandbox-checkout').then((m) => ({ default: m.SandboxCheckoutPage })),
);
const SandboxPortalPage = lazy(() =>
  import('./pages/sandbox-portal').then((m) => ({ default: m.SandboxPortalPage })),
);
const TermsPage = lazy(() => import('./pages/terms').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('./pages/privacy').then((m) => ({ default: m.PrivacyPage })));
const RestorePage = lazy(() => import('./pages/restore').then((m) => ({ default: m.RestorePage })));
const NotFoundPage = lazy(() => import('./pages/not-found').then((m) => ({ default: m.NotFoundPage })));

function Loading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
      <Spinner className="size-6 text-primary" />
    </div>
  );
}

/** One line per page (spec section 2). */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/account" component={AccountPage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/png-to-svg" component={PngToSvgPage} />
        <Route path="/how-to-vectorize-a-logo" component={HowToVectorizeALogoPage} />
        <Route path="/cutting-engraving-plotting" component={CuttingEngravingPlottingPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/api/docs" component={ApiReferencePage} />
        <Route path="/sandbox/checkout/:id" component={SandboxCheckoutPage} />
        <Route path="/sandbox/portal/:id" component={SandboxPortalPage} />
        <Route path="/restore/:id" component={RestorePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
