import { z } from 'zod';
import { defineCall } from './contract.ts';

/**
 * Old Torna links (docs/torna-import.md): Torna's pages were `/#/view/<hashid>`, `/#/share/<hashid>[/<hashid>]`
 * and `/#/show/<hashid>[/<hashid>]`, ids as Torna's hashids. After `quire import-torna` the web app reads such a
 * hash on load and asks where it lands now.
 */
export const TornaLinkQuery = z.object({
  /** The hash route's first segment. */
  route: z.enum(['view', 'share', 'show']),
  /** Torna's hashid of the doc, share or composed project. */
  id: z.string().min(1).max(64),
  /** The hashid of a doc inside a share or a composed project. */
  docId: z.string().max(64).optional(),
});

/** The Quire path the link lands on, or null when nothing imported from Torna matches it. */
export const TornaLink = z.object({ path: z.string().nullable() });
export type TornaLink = z.infer<typeof TornaLink>;

export const tornaLink = defineCall({
  method: 'GET',
  path: '/api/torna/link',
  query: TornaLinkQuery,
  response: TornaLink,
  access: 'public',
});
