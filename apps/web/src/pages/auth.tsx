import { downloadLabels, listInWords, MAX_PNG_SIDE } from '@vectrace/contract';
import { CreditCard, FileStack, SlidersHorizontal, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { LoginForm } from '../components/auth/login-form';
import { SignUpForm } from '../components/auth/sign-up-form';
import { UnlockNotice } from '../components/auth/unlock-notice';
import { Brand } from '../components/layout/brand';
import { mainContentId } from '../components/layout/skip-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useAuth } from '../hooks/use-auth';
import { usePageMeta } from '../hooks/use-page-meta';
import { RETURN_TO_KEY } from '../lib/checkout';
import { returnPathIn, safeReturnPath } from '../lib/return-path';

const promises = [
  {
    icon: Sparkles,
    title: 'High-quality vectorization',
    text: 'Clean, smooth curves traced from your PNG or JPEG.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Customizable conversion settings',
    text: 'Smoothness, threshold, corners, quality and color.',
  },
  {
    icon: FileStack,
    title: 'Multiple export formats',
    text: `${listInWords(downloadLabels)} with every paid conversion; PNG up to ${MAX_PNG_SIDE} px.`,
  },
  {
    icon: CreditCard,
    title: 'Secure payment processing',
    text: 'Card details go to the payment provider, never to us.',
  },
];

/** Login and sign-up; signed-in users go home, or back to where sign-in was asked for (?next=, the Pro checkout). */
export function AuthPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState('login');
  // The username the e-mailed link let this browser sign in to (?unlock=), filled in for the owner.
  const [unlocked, setUnlocked] = useState('');
  usePageMeta(
    tab === 'login' ? 'Log in | Vectrace' : 'Create an account | Vectrace',
    'Log in or create a Vectrace account to keep your conversions together and download them from any device.',
  );
  // The page named in ?next= (a session that ended there), else the Pro checkout's return_to,
  // read during render and removed once used: React may render twice before the redirect happens.
  const search = useSearch();
  const unlockToken = new URLSearchParams(search).get('unlock');
  const returnTo = user
    ? (returnPathIn(search) ?? safeReturnPath(sessionStorage.getItem(RETURN_TO_KEY)))
    : null;
  useEffect(() => {
    if (user) sessionStorage.removeItem(RETURN_TO_KEY);
  }, [user]);
  if (user) return <Redirect to={returnTo ?? '/'} replace />;

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <main id={mainContentId} className="flex flex-col px-4 py-6 sm:px-8">
        <Brand />
        <div className="flex flex-1 items-center justify-center py-10">
          <Card className="w-full max-w-md">
            <Tabs value={tab} onValueChange={setTab}>
              <CardHeader>
                <TabsList className="mb-4 w-full">
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
                </TabsList>
                <CardTitle as="h1" className="text-2xl">
                  {tab === 'login' ? 'Welcome back' : 'Create an account'}
                </CardTitle>
                <CardDescription>
                  {tab === 'login'
                    ? 'Sign in to your account to see your conversions.'
                    : 'Sign up to keep your conversions and download them anywhere.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <TabsContent value="login">
                  {unlockToken ? <UnlockNotice token={unlockToken} onUnlocked={setUnlocked} /> : null}
                  <LoginForm key={unlocked} username={unlocked} />
                </TabsContent>
                <TabsContent value="sign-up">
                  <SignUpForm />
                </TabsContent>
              </CardContent>
            </Tabs>
          </Card>
        </div>
      </main>
      <aside className="hidden flex-col justify-center gap-8 bg-primary px-12 py-16 text-primary-foreground lg:flex">
        <h2 className="text-4xl font-bold tracking-tight">Convert Images to Vectors</h2>
        <p className="max-w-md text-lg text-primary-foreground/85">
          Turn logos, icons and illustrations into crisp SVG files that scale to any size.
        </p>
        <ul className="flex max-w-md flex-col gap-5">
          {promises.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="text-sm text-primary-foreground/80">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
