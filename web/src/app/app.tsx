import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { AppProvider } from './provider';
import { GuestOnly, RequireAuth } from './guards';

// Every page is its own chunk: /login downloads only the public + auth code, and the
// console (tables, forms) loads when a signed-in route is opened.
const page = <T extends ComponentType<object>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> => lazy(load);

const Home = page(() => import('./routes/home'));
const Privacy = page(() => import('./routes/legal').then((m) => ({ default: m.PrivacyRoute })));
const Terms = page(() => import('./routes/legal').then((m) => ({ default: m.TermsRoute })));
const Support = page(() => import('./routes/support'));
const Login = page(() => import('./routes/auth/login'));
const ForgotPassword = page(() => import('./routes/auth/forgot-password'));
const ResetPassword = page(() => import('./routes/auth/reset-password'));
const OAuthCallback = page(() => import('./routes/auth/oauth-callback'));
const Console = page(() => import('./routes/console/console'));

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={paths.home.path} component={Home} />
        <Route path={paths.privacy.path} component={Privacy} />
        <Route path={paths.terms.path} component={Terms} />
        <Route path={paths.contactUs.path} component={Support} />
        <Route path={paths.help.path} component={Support} />
        <Route path={paths.login.path}>
          <GuestOnly>
            <Login />
          </GuestOnly>
        </Route>
        <Route path={paths.forgotPassword.path}>
          <GuestOnly>
            <ForgotPassword />
          </GuestOnly>
        </Route>
        <Route path={paths.resetPassword.path}>
          <GuestOnly>
            <ResetPassword />
          </GuestOnly>
        </Route>
        <Route path={paths.oauthCallback.path} component={OAuthCallback} />
        <Route>
          <RequireAuth>
            <Console />
          </RequireAuth>
        </Route>
      </Switch>
    </Suspense>
  );
}

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
