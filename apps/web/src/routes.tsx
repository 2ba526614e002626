import { Route, Switch } from 'wouter';
import { AuthPage } from './pages/auth';
import { CheckoutPage } from './pages/checkout';
import { HomePage } from './pages/home';
import { HowToVectorizeALogoPage } from './pages/how-to-vectorize-a-logo';
import { NotFoundPage } from './pages/not-found';
import { PngToSvgPage } from './pages/png-to-svg';
import { PrivacyPage } from './pages/privacy';

/** One line per page (spec section 2). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/auth" component={AuthPage} />
      <Route path="/checkout" component={CheckoutPage} />
      <Route path="/png-to-svg" component={PngToSvgPage} />
      <Route path="/how-to-vectorize-a-logo" component={HowToVectorizeALogoPage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
