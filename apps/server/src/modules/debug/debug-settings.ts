import type { Db } from '../../db/database.ts';
import { readSetting, writeSetting } from '../system/settings.service.ts';

/**
 * The admin setting that widens where the proxy may go: besides the environments' base URLs, any host listed
 * here (`api.example.com`, `api.example.com:8080`, `*.example.com`). Empty by default: environments only.
 */
const KEY = 'quire.debug.proxy-hosts';

export async function readProxyHosts(db: Db): Promise<string[]> {
  const text = await readSetting(db, KEY);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

export function writeProxyHosts(db: Db, hosts: ReadonlyArray<string>): Promise<void> {
  return writeSetting(db, KEY, JSON.stringify([...new Set(hosts.filter(Boolean))]));
}
