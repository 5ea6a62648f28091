import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { RouteError } from '../components/route-error.tsx';
import { guardedRedirect, guardLoader } from './guard-loader.ts';
import { RootRoute } from './root-route.tsx';

/** Routes that only redirect (their loader always throws) still need something to render in theory. */
function RedirectRoute() {
  return null;
}

/*
 * Every screen is a lazy route module, so the login page downloads only what it renders; the main layout,
 * the user centre and the help pages arrive when first visited.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    shouldRevalidate: () => true,
    Component: RootRoute,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: guardedRedirect('/dashboard'), Component: RedirectRoute },
      {
        path: 'login',
        lazy: () => import('../pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      { path: 'reg', lazy: () => import('../pages/reg-page.tsx').then((m) => ({ Component: m.RegPage })) },
      {
        path: 'setPassword',
        lazy: () => import('../pages/set-password-page.tsx').then((m) => ({ Component: m.SetPasswordPage })),
      },
      {
        path: 'findPassword',
        lazy: () =>
          import('../pages/find-password-page.tsx').then((m) => ({ Component: m.FindPasswordPage })),
      },
      {
        path: 'resetPassword',
        lazy: () =>
          import('../pages/find-password-page.tsx').then((m) => ({ Component: m.FindPasswordPage })),
      },
      {
        path: 'successLogin',
        lazy: () =>
          import('../pages/success-login-page.tsx').then((m) => ({ Component: m.SuccessLoginPage })),
      },
      {
        path: '404',
        lazy: () => import('../pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
      { path: 'help', lazy: () => import('../pages/help-page.tsx').then((m) => ({ Component: m.HelpPage })) },
      {
        path: 'openapi',
        lazy: () => import('../pages/openapi-page.tsx').then((m) => ({ Component: m.OpenApiPage })),
      },
      {
        lazy: () => import('../layouts/main-layout.tsx').then((m) => ({ Component: m.MainLayout })),
        children: [
          {
            path: 'dashboard',
            lazy: () => import('../pages/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
          },
          {
            lazy: () =>
              import('../layouts/user-center-layout.tsx').then((m) => ({ Component: m.UserCenterLayout })),
            children: [
              {
                path: 'user',
                lazy: () =>
                  import('../pages/user-info-page.tsx').then((m) => ({ Component: m.UserInfoPage })),
              },
              {
                path: 'user/message',
                lazy: () =>
                  import('../pages/user-message-page.tsx').then((m) => ({ Component: m.UserMessagePage })),
              },
              {
                path: 'user/systemSetting',
                lazy: () =>
                  import('../pages/system-setting-page.tsx').then((m) => ({
                    Component: m.SystemSettingPage,
                  })),
              },
              {
                path: 'updatePassword',
                lazy: () =>
                  import('../pages/update-password-page.tsx').then((m) => ({
                    Component: m.UpdatePasswordPage,
                  })),
              },
            ],
          },
        ],
      },
      {
        path: 'view',
        lazy: () => import('../layouts/view-layout.tsx').then((m) => ({ Component: m.ViewLayout })),
        children: [
          {
            index: true,
            lazy: () => import('../pages/view-page.tsx').then((m) => ({ Component: m.ViewPage })),
          },
          {
            path: ':docId',
            lazy: () => import('../pages/view-page.tsx').then((m) => ({ Component: m.ViewPage })),
          },
        ],
      },
      { path: '*', loader: guardedRedirect('/404'), Component: RedirectRoute },
    ],
  },
];

/** The app's router (history mode: the server answers index.html for every non-API path). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
