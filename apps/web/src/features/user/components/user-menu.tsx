import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../auth/use-logout.ts';
import { userInfoQuery } from '../user.queries.ts';
import styles from './user-menu.module.css';

/** The avatar dropdown of every logged-in top bar: user centre and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: info } = useQuery(userInfoQuery());
  const name = info?.name ?? '';

  const items: MenuProps['items'] = [
    { key: 'user', icon: <UserOutlined />, label: t('layout.userCenter') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout') },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'user') void navigate('/user');
    if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items, onClick: handleClick }} trigger={['click']} placement="bottomRight">
      {/*
        Named by its content, not aria-label: a voice-control user says the name they see (WCAG 2.5.3), so the
        accessible name must contain it. The avatar's initial is decoration; the words "user menu" are for
        screen readers (and are the whole name when a narrow screen hides the user's name).
      */}
      <Button type="text" className={styles.trigger}>
        <Avatar size={28} src={info?.avatar || undefined} className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || <UserOutlined />}
        </Avatar>
        <span className={styles.name}>{name}</span>
        <span className="q-visually-hidden">{t('layout.userMenu')}</span>
        <DownOutlined className={styles.caret} />
      </Button>
    </Dropdown>
  );
}
