import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses an outbound fetch (swagger URL import) may reach. Quire runs inside company networks,
 * so a URL typed by a user must not become a way to read internal services or the cloud metadata endpoint
 * (SSRF). Public addresses are allowed; private, loopback, link-local, shared (CGNAT), multicast, reserved and
 * unspecified ones are refused, as are IPv6 forms that embed such an IPv4 address, site-local and NAT64
 * local-use ranges, and tunnel forms (Teredo) whose real destination an IPv4 relay decides.
 *
 * The allow rule (QUIRE_FETCH_ALLOW_HOSTS, comma-separated): an entry that is an IP address or CIDR range
 * allows addresses inside it (`10.1.0.0/16`, `127.0.0.1`); any other entry is a host name whose resolved
 * addresses may be private (`swagger.intranet`). Cloud metadata addresses are refused even when allowed.
 */
export type AddressClass =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'metadata'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'unspecified'
  | 'invalid';

// AWS/GCP/Azure/OpenStack, ECS task metadata, AWS over IPv6, Alibaba Cloud, Azure's WireServer (host agent).
const METADATA = new Set([
  '169.254.169.254',
  '169.254.170.2',
  'fd00:ec2::254',
  '100.100.100.200',
  '168.63.129.16',
]);

function list(entries: Array<[string, number, 'ipv4' | 'ipv6']>): BlockList {
  const block = new BlockList();
  for (const [net, prefix, type] of entries) block.addSubnet(net, prefix, type);
  return block;
}

const V4: Array<[AddressClass, BlockList]> = [
  ['unspecified', list([['0.0.0.0', 8, 'ipv4']])],
  ['loopback', list([['127.0.0.0', 8, 'ipv4']])],
  [
    'private',
    list([
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
    ]),
  ],
  ['link-local', list([['169.254.0.0', 16, 'ipv4']])],
  ['shared', list([['100.64.0.0', 10, 'ipv4']])],
  ['multicast', list([['224.0.0.0', 4, 'ipv4']])],
  [
    'reserved',
    list([
      ['240.0.0.0', 4, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
    ]),
  ],
];

const V6: Array<[AddressClass, BlockList]> = [
  ['unspecified', list([['::', 128, 'ipv6']])],
  ['loopback', list([['::1', 128, 'ipv6']])],
  [
    'private',
    list([
      ['fc00::', 7, 'ipv6'],
      // Site-local (deprecated by RFC 3879, still routed inside some networks).
      ['fec0::', 10, 'ipv6'],
      // NAT64 local-use prefix (RFC 8215): translates to the site's own IPv4 networks.
      ['64:ff9b:1::', 48, 'ipv6'],
    ]),
  ],
  ['link-local', list([['fe80::', 10, 'ipv6']])],
  ['multicast', list([['ff00::', 8, 'ipv6']])],
  [
    'reserved',
    list([
      ['2001:db8::', 32, 'ipv6'],
      ['100::', 64, 'ipv6'],
      // Teredo (RFC 4380): a tunnel whose relay reaches an IPv4 address hidden in the low bits.
      ['2001::', 32, 'ipv6'],
      // Benchmarking and ORCHID (RFC 5180, RFC 4843): never an API host.
      ['2001:2::', 48, 'ipv6'],
      ['2001:10::', 28, 'ipv6'],
      // The rest of NAT64's well-known /32 outside its /96 (which is classified by the IPv4 inside).
      ['64:ff9b::', 32, 'ipv6'],
    ]),
  ],
];

/** The eight 16-bit groups of a canonical IPv6 address (the URL parser's form: hex groups, one `::`). */
function groupsOf(address: string): number[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const part = (text: string | undefined): number[] => {
    if (!text) return [];
    const out: number[] = [];
    for (const piece of text.split(':')) {
      const dotted = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(piece);
      if (dotted) {
        const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(Number.parseInt(piece, 16));
    }
    return out;
  };
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const groups =
    halves.length === 2 ? [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

function dottedOf(high: number, low: number): string {
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The IPv4 address an IPv6 form carries, if any: mapped `::ffff:0:0/96`, translated `::ffff:0:0:0/96`,
 * compatible `::/96` (not `::` and `::1` themselves), NAT64 `64:ff9b::/96` and 6to4 `2002::/16`, whatever
 * the spelling (dotted or hex, compressed or not).
 */
function embeddedV4(address: string): string | null {
  const g = groupsOf(address);
  if (!g) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g5 === 0xffff) return dottedOf(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return dottedOf(g6, g7);
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return dottedOf(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return dottedOf(g6, g7);
  if (g0 === 0x2002) return dottedOf(g1, g2);
  return null;
}

/**
 * An address without brackets or zone, IPv6 in the WHATWG URL parser's compressed form: a name server or an
 * allow rule may spell `0:0:0:0:0:ffff:7f00:1` or `::FFFF:127.0.0.1`, and the embedded-IPv4 patterns below
 * must see one spelling.
 */
export function canonicalAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return bare;
  try {
    return new URL(`http://[${bare}]/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return bare;
  }
}

/** The class of one IP address. */
export function classifyAddress(address: string): AddressClass {
  const bare = canonicalAddress(address);
  const version = isIP(bare);
  if (version === 0) return 'invalid';
  if (METADATA.has(bare.toLowerCase())) return 'metadata';
  if (version === 4) {
    for (const [kind, block] of V4) if (block.check(bare, 'ipv4')) return kind;
    return 'public';
  }
  const v4 = embeddedV4(bare);
  if (v4) return classifyAddress(v4);
  for (const [kind, block] of V6) if (block.check(bare, 'ipv6')) return kind;
  return 'public';
}

/** The parsed allow rule. */
export interface AllowRule {
  addresses: BlockList;
  hosts: Set<string>;
}

export function parseAllowRule(text: string | undefined): AllowRule {
  const addresses = new BlockList();
  const hosts = new Set<string>();
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [net, prefix] = entry.split('/');
    const version = isIP(net ?? '');
    if (version && net) {
      const type = version === 4 ? 'ipv4' : 'ipv6';
      if (prefix !== undefined) addresses.addSubnet(net, Number(prefix), type);
      else addresses.addAddress(net, type);
    } else hosts.add(entry.replace(/\.$/, ''));
  }
  return { addresses, hosts };
}

/** Whether a fetch of `host` may connect to `address`; the reason when not. */
export function checkAddress(
  host: string,
  address: string,
  rule: AllowRule,
): { ok: true } | { ok: false; kind: AddressClass } {
  const kind = classifyAddress(address);
  if (kind === 'public') return { ok: true };
  if (kind === 'metadata' || kind === 'invalid') return { ok: false, kind };
  const bare = canonicalAddress(address);
  const type = isIP(bare) === 6 ? 'ipv6' : 'ipv4';
  if (rule.addresses.check(bare, type)) return { ok: true };
  const v4 = type === 'ipv6' ? embeddedV4(bare) : null;
  if (v4 && rule.addresses.check(v4, 'ipv4')) return { ok: true };
  if (rule.hosts.has(host.toLowerCase().replace(/\.$/, ''))) return { ok: true };
  return { ok: false, kind };
}
