import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './root-route.module.css';

/** The root of every screen: a thin progress bar while a page's code loads, then the page. */
export function RootRoute() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className={styles.progress} role="progressbar" aria-hidden="true" />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
