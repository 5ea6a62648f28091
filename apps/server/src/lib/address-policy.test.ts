import { describe, expect, it } from 'vitest';
import { checkAddress, classifyAddress, parseAllowRule } from './address-policy.ts';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['140.82.112.3', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.5.6.7', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['100.64.0.1', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['[::1]', 'loopback'],
    ['not-an-ip', 'invalid'],
    // Azure's WireServer, NAT64 local use, site-local, Teredo and the rest of the special blocks.
    ['168.63.129.16', 'metadata'],
    ['::ffff:168.63.129.16', 'metadata'],
    ['64:ff9b:1::1', 'private'],
    ['64:ff9b:1:ffff::a00:1', 'private'],
    ['fec0::1', 'private'],
    ['feff:ffff::1', 'private'],
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['2001:4860:4860::8888', 'public'],
    // NAT64's well-known /96 by the IPv4 inside, in every spelling; the rest of its /32 is reserved.
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b:0:0:0:0:a9fe:a9fe', 'metadata'],
    ['64:ff9b::1', 'unspecified'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b::1:7f00:1', 'reserved'],
    // 6to4 by the IPv4 in groups 2 and 3.
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:0808:0808::1', 'public'],
    // Mapped, translated and compatible forms, hex or dotted, compressed or not.
    ['0:0:0:0:0:ffff:a00:1', 'private'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::ffff:0:a00:1', 'private'],
    ['::10.0.0.1', 'private'],
    ['::a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('checkAddress with the allow rule', () => {
  it('refuses private and loopback addresses unless allowed by address, range or host name', () => {
    const none = parseAllowRule(undefined);
    expect(checkAddress('api.example.com', '93.184.216.34', none)).toEqual({ ok: true });
    expect(checkAddress('localhost', '127.0.0.1', none)).toEqual({ ok: false, kind: 'loopback' });
    expect(checkAddress('intranet', '10.1.2.3', none)).toEqual({ ok: false, kind: 'private' });
    const rule = parseAllowRule(' 127.0.0.1, 10.1.0.0/16 ,swagger.intranet ');
    expect(checkAddress('localhost', '127.0.0.1', rule)).toEqual({ ok: true });
    expect(checkAddress('localhost', '127.0.0.2', rule)).toEqual({ ok: false, kind: 'loopback' });
    expect(checkAddress('x', '10.1.9.9', rule)).toEqual({ ok: true });
    expect(checkAddress('x', '10.2.0.1', rule)).toEqual({ ok: false, kind: 'private' });
    expect(checkAddress('swagger.intranet', '192.168.3.4', rule)).toEqual({ ok: true });
    expect(checkAddress('x', '::ffff:127.0.0.1', rule)).toEqual({ ok: true });
  });

  it('refuses metadata addresses even when allowed', () => {
    const rule = parseAllowRule('169.254.0.0/16,metadata.internal');
    expect(checkAddress('metadata.internal', '169.254.169.254', rule)).toEqual({
      ok: false,
      kind: 'metadata',
    });
    expect(checkAddress('x', '169.254.10.10', rule)).toEqual({ ok: true });
  });
});

describe('every spelling of a refused address', () => {
  // A URL's host goes through the WHATWG parser before anything connects (parseFetchUrl), which turns the
  // decimal, octal, hex and short IPv4 forms into dotted quads; the classifier then sees the real address.
  it.each([
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0/', 'unspecified'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/', 'metadata'],
    ['http://[::ffff:10.0.0.1]/', 'private'],
    ['http://0xa9fea9fe/', 'metadata'],
    ['http://2852039166/', 'metadata'],
    ['http://0251.0376.0251.0376/', 'metadata'],
    ['http://169.254.169.254/', 'metadata'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://169.254.0.1/', 'link-local'],
    ['http://0xc0.0xa8.1.1/', 'private'],
    ['http://[fd00:ec2::254]/', 'metadata'],
  ])('%s is %s', (url, kind) => {
    expect(classifyAddress(new URL(url).hostname)).toBe(kind);
  });

  it.each([
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:FFFF:127.0.0.1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['fe80::1%eth0', 'link-local'],
    ['FE80::ABCD', 'link-local'],
    ['0x7f000001', 'invalid'],
    ['2130706433', 'invalid'],
    ['0177.0.0.1', 'invalid'],
  ])(
    'the raw address %s is %s (numbers that are not dotted quads are never connected to)',
    (address, kind) => {
      expect(classifyAddress(address)).toBe(kind);
    },
  );

  it('an allow rule for loopback does not open the metadata address, whatever its spelling', () => {
    const rule = parseAllowRule('127.0.0.0/8,::1,169.254.0.0/16');
    expect(checkAddress('x', '0:0:0:0:0:ffff:7f00:1', rule)).toEqual({ ok: true });
    expect(checkAddress('x', '::ffff:a9fe:a9fe', rule)).toEqual({ ok: false, kind: 'metadata' });
    expect(checkAddress('x', '0xa9fea9fe', rule)).toEqual({ ok: false, kind: 'invalid' });
  });
});
