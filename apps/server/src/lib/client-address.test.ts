import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey: the client a per-address budget counts', () => {
  it('an IPv4 address is itself, also written IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('IPv6 addresses of one /64 are one client, however they are written', () => {
    const key = addressKey('2001:db8:7:1::1');
    for (const ip of ['2001:db8:7:1::ffff', '2001:0db8:0007:0001:abcd:1:2:3', '2001:DB8:7:1:0:0:0:9', '2001:db8:7:1::5%eth0']) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(key).toBe('2001:db8:7:1::/64');
    expect(addressKey('2001:db8:7:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('anything else (a test name, an empty address) is kept as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('localhost')).toBe('localhost');
  });
});
