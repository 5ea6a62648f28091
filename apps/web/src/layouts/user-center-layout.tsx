import {
  ApiOutlined,
  BellOutlined,
  KeyOutlined,
  SettingOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Layout as Sizes } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { profileQuery } from '../features/user/user.queries.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { MOBILE_QUERY } from './breakpoints.ts';
import styles from './user-center-layout.module.css';

/** Accounts that sign in through another system change their password there, not here. */
const THIRD_PARTY_SOURCES: ReadonlySet<string> = new Set(['form', 'oauth', 'ldap']);

/** The personal centre: a 200 px menu (a horizontal one on narrow screens) beside the page. */
export function UserCenterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { data: profile } = useQuery(profileQuery());
  const canChangePassword = !profile || !THIRD_PARTY_SOURCES.has(profile.source);

  const baseItems: NonNullable<MenuProps['items']> = [
    { key: '/user', icon: <UserOutlined />, label: <Link to="/user">{t('user.accountInfo')}</Link> },
  ];
  if (canChangePassword) {
    baseItems.push({
      key: '/updatePassword',
      icon: <KeyOutlined />,
      label: <Link to="/updatePassword">{t('user.changePassword')}</Link>,
    });
  }
  // Personal access tokens: for scripts and MCP clients, whatever the sign-in source.
  baseItems.push({
    key: '/user/tokens',
    icon: <ApiOutlined />,
    label: <Link to="/user/tokens">{t('tokens.menu')}</Link>,
  });
  const items: MenuProps['items'] = [
    { type: 'group', key: 'base', label: t('user.baseSetting'), children: baseItems },
    {
      type: 'group',
      key: 'subscriptions',
      label: t('subscription.title'),
      children: [
        {
          key: '/user/subscribe/doc',
          icon: <StarOutlined />,
          label: <Link to="/user/subscribe/doc">{t('subscription.title')}</Link>,
        },
      ],
    },
    {
      type: 'group',
      key: 'messages',
      label: t('user.messageCenter'),
      children: [
        {
          key: '/user/message',
          icon: <BellOutlined />,
          label: <Link to="/user/message">{t('user.myMessages')}</Link>,
        },
      ],
    },
    {
      type: 'group',
      key: 'system',
      label: t('user.systemSetting'),
      children: [
        {
          key: '/user/systemSetting',
          icon: <SettingOutlined />,
          label: <Link to="/user/systemSetting">{t('user.systemSetting')}</Link>,
        },
      ],
    },
  ];

  return (
    <div className={styles.wrap}>
      <nav
        className={styles.menu}
        aria-label={t('layout.userCenter')}
        style={{ width: isMobile ? undefined : Sizes.userMenuWidth }}
      >
        <Menu
          mode={isMobile ? 'horizontal' : 'inline'}
          selectedKeys={[pathname]}
          items={
            isMobile
              ? items.flatMap((group) => (group && 'children' in group ? (group.children ?? []) : []))
              : items
          }
        />
      </nav>
      <section className={styles.page}>
        <Outlet />
      </section>
    </div>
  );
}
