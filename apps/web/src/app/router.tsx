import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { RouteError } from '../components/route-error.tsx';
import { prefetchViewTree } from '../features/view/view-prefetch.ts';
import { guardedRedirect, guardLoader } from './guard-loader.ts';
import { queryClient } from './query-client.ts';
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
            // A space's screens: the loader fetches the space for the breadcrumb and the rail's space menu.
            id: 'space',
            lazy: () =>
              Promise.all([
                import('../layouts/space-route.tsx'),
                import('../layouts/org-route-error.tsx'),
              ]).then(([m, e]) => ({
                Component: m.SpaceRoute,
                loader: m.spaceLoader,
                handle: m.spaceHandle,
                ErrorBoundary: e.OrgRouteError,
              })),
            children: [
              {
                path: 'space/project/:spaceId',
                lazy: () =>
                  import('../pages/space-project-page.tsx').then((m) => ({ Component: m.SpaceProjectPage })),
              },
              {
                path: 'space/compose/:spaceId',
                lazy: () =>
                  import('../pages/space-compose-page.tsx').then((m) => ({ Component: m.SpaceComposePage })),
              },
              {
                path: 'space/info/:spaceId',
                lazy: () =>
                  import('../pages/space-info-page.tsx').then((m) => ({ Component: m.SpaceInfoPage })),
              },
              {
                path: 'space/member/:spaceId',
                lazy: () =>
                  import('../pages/space-member-page.tsx').then((m) => ({ Component: m.SpaceMemberPage })),
              },
              {
                path: 'space/openuser/:spaceId',
                lazy: () =>
                  import('../pages/space-openuser-page.tsx').then((m) => ({
                    Component: m.SpaceOpenUserPage,
                  })),
              },
            ],
          },
          {
            // A project's screens: the loader fetches the project's and its space's names.
            id: 'project',
            lazy: () =>
              Promise.all([
                import('../layouts/project-route.tsx'),
                import('../layouts/org-route-error.tsx'),
              ]).then(([m, e]) => ({
                Component: m.ProjectRoute,
                loader: m.projectLoader,
                handle: m.projectHandle,
                ErrorBoundary: e.OrgRouteError,
              })),
            children: [
              {
                path: 'project/doc/:projectId',
                lazy: () =>
                  import('../pages/project-doc-page.tsx').then((m) => ({ Component: m.ProjectDocPage })),
              },
              {
                path: 'project/info/:projectId',
                lazy: () =>
                  import('../pages/project-info-page.tsx').then((m) => ({ Component: m.ProjectInfoPage })),
              },
              {
                path: 'project/member/:projectId',
                lazy: () =>
                  import('../pages/project-member-page.tsx').then((m) => ({
                    Component: m.ProjectMemberPage,
                  })),
              },
              {
                path: 'project/release/:projectId',
                lazy: () =>
                  import('../pages/project-release-page.tsx').then((m) => ({
                    Component: m.ProjectReleasePage,
                  })),
              },
              {
                path: 'project/release/:projectId/:releaseId',
                lazy: () =>
                  import('../pages/project-release-read-page.tsx').then((m) => ({
                    Component: m.ProjectReleaseReadPage,
                  })),
              },
              {
                path: 'project/changelog/:projectId',
                lazy: () =>
                  import('../pages/project-changelog-page.tsx').then((m) => ({
                    Component: m.ProjectChangelogPage,
                  })),
              },
              {
                path: 'project/code/:projectId',
                lazy: () =>
                  import('../pages/project-code-page.tsx').then((m) => ({ Component: m.ProjectCodePage })),
              },
              // The doc editors name an application; the project loader finds its project.
              ...[
                'doc/new/:moduleId',
                'doc/new/:moduleId/:parentId',
                'doc/edit/:moduleId/:docId',
                'doc/edit_custom/:moduleId/:docId',
                'doc/copy/:moduleId/:copyId',
                'doc/copy_custom/:moduleId/:copyId',
              ].map((path) => ({
                path,
                // The loader lives outside the page's chunk, so the doc, tree and dictionaries are requested
                // at once instead of after the editor's code has downloaded and run.
                loader: (args: LoaderFunctionArgs) =>
                  import('../features/docs/doc-edit-loader.ts').then((m) => m.docEditLoader(args)),
                lazy: () => import('../pages/doc-edit-page.tsx').then((m) => ({ Component: m.DocEditPage })),
              })),
            ],
          },
          {
            // The admin console, for super admins; everyone else sees a "no permission" page.
            id: 'admin',
            lazy: () =>
              import('../layouts/admin-route.tsx').then((m) => ({
                Component: m.AdminRoute,
                handle: m.adminHandle,
              })),
            children: [
              {
                path: 'admin/users',
                lazy: () =>
                  import('../pages/admin-users-page.tsx').then((m) => ({ Component: m.AdminUsersPage })),
              },
              {
                path: 'admin/setting',
                lazy: () =>
                  import('../pages/admin-setting-page.tsx').then((m) => ({ Component: m.AdminSettingPage })),
              },
              {
                path: 'admin/trash',
                lazy: () =>
                  import('../pages/admin-trash-page.tsx').then((m) => ({ Component: m.AdminTrashPage })),
              },
              {
                path: 'admin/audit',
                lazy: () =>
                  import('../pages/admin-audit-page.tsx').then((m) => ({ Component: m.AdminAuditPage })),
              },
              {
                path: 'admin/torna',
                lazy: () =>
                  import('../pages/admin-torna-page.tsx').then((m) => ({ Component: m.AdminTornaPage })),
              },
              {
                path: 'admin/gen',
                lazy: () =>
                  import('../pages/admin-gen-page.tsx').then((m) => ({ Component: m.AdminGenPage })),
              },
            ],
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
                path: 'user/subscribe/doc',
                lazy: () =>
                  import('../pages/user-subscribe-page.tsx').then((m) => ({
                    Component: m.UserSubscribePage,
                  })),
              },
              {
                path: 'user/tokens',
                lazy: () =>
                  import('../pages/user-tokens-page.tsx').then((m) => ({ Component: m.UserTokensPage })),
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
        // The remembered tree starts loading while the reader's code does. The prefetch is imported statically
        // (a few hundred bytes over the API client the entry already holds): as its own chunk, the call waited
        // for that chunk behind the busy start-up.
        loader: () => {
          prefetchViewTree(queryClient);
          return null;
        },
        // The object form of `lazy`: with the function form the router loads the module before it runs the
        // loader (the module could bring one), which put the tree call behind the reader's code.
        lazy: { Component: () => import('../layouts/view-layout.tsx').then((m) => m.ViewLayout) },
        children: [
          {
            index: true,
            lazy: () => import('../pages/view-page.tsx').then((m) => ({ Component: m.ViewPage })),
          },
          {
            path: ':docId',
            lazy: () => import('../pages/view-doc-page.tsx').then((m) => ({ Component: m.ViewDocPage })),
          },
        ],
      },
      // Shared docs and composed projects: open to anonymous visitors (the guard lets /share and /show pass).
      ...['share/:shareId', 'share/:shareId/:docId'].map((path) => ({
        path,
        lazy: () => import('../pages/share-page.tsx').then((m) => ({ Component: m.SharePage })),
      })),
      ...['show/:showId', 'show/:showId/:docId'].map((path) => ({
        path,
        lazy: () => import('../pages/show-page.tsx').then((m) => ({ Component: m.ShowPage })),
      })),
      { path: '*', loader: guardedRedirect('/404'), Component: RedirectRoute },
    ],
  },
];

/** The app's router (history mode: the server answers index.html for every non-API path). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
