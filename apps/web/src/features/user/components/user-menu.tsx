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
      <Button type="text" className={styles.trigger} aria-label={t('layout.userMenu')}>
        <Avatar size={28} src={info?.avatar || undefined} className={styles.avatar}>
          {name.slice(0, 1).toUpperCase() || <UserOutlined />}
        </Avatar>
        <span className={styles.name}>{name}</span>
        <DownOutlined className={styles.caret} />
      </Button>
    </Dropdown>
  );
}
