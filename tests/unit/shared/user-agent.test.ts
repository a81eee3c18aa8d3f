import { describe, expect, it } from 'vitest';
import { describeUserAgent, isMachineOpen, networkLocation } from '../../../shared/domain/user-agent.js';

const USER_AGENTS = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIpad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  samsungAndroid: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('describeUserAgent', () => {
  it.each([
    ['chromeWindows', { device: 'Windows', browser: 'Chrome', browserVersion: '124.0.6367.91' }],
    ['edgeWindows', { device: 'Windows', browser: 'Edge', browserVersion: '124.0.2478.67' }],
    ['firefoxLinux', { device: 'Linux', browser: 'Firefox', browserVersion: '125.0' }],
    ['safariMac', { device: 'Mac', browser: 'Safari', browserVersion: '17.4.1' }],
    ['safariIphone', { device: 'iPhone', browser: 'Safari', browserVersion: '17.4' }],
    ['chromeIpad', { device: 'iPad', browser: 'Chrome', browserVersion: '124.0.6367.88' }],
    ['chromeAndroid', { device: 'Android', browser: 'Chrome', browserVersion: '124.0.6367.82' }],
    ['samsungAndroid', { device: 'Android', browser: 'Samsung Internet', browserVersion: '24.0' }],
    ['curl', { device: 'Unknown', browser: 'curl', browserVersion: '8.5.0' }],
  ] as const)('reads %s', (name, expected) => {
    // Act
    const described = describeUserAgent(USER_AGENTS[name]);

    // Assess
    expect(described).toEqual(expected);
  });

  it('says Unknown for an empty or unfamiliar header', () => {
    // Act & Assess
    expect(describeUserAgent('')).toEqual({ device: 'Unknown', browser: 'Unknown', browserVersion: '' });
    expect(describeUserAgent('SomeBot/1.0')).toEqual({ device: 'Unknown', browser: 'Unknown', browserVersion: '' });
  });
});

describe('networkLocation', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.20', '169.254.10.1', '100.64.0.1', '::1', '::ffff:192.168.0.5', 'fd12:3456::1', 'fe80::1'])(
    'calls %s private',
    (ip) => {
      // Act & Assess
      expect(networkLocation(ip)).toBe('private');
    },
  );

  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'not-an-ip', '300.1.1.1'])('calls %s unknown', (ip) => {
    // Act & Assess
    expect(networkLocation(ip)).toBe('unknown');
  });
});

describe('headless Chrome', () => {
  it('is Chrome with its version', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.73 Safari/537.36';
    expect(describeUserAgent(ua)).toMatchObject({ browser: 'Chrome', browserVersion: '156.0.8078.73', device: 'Linux' });
  });
});

describe('isMachineOpen', () => {
  const person = { userAgent: USER_AGENTS.safariIphone, sourceIp: '203.0.113.9' };

  it('tells an image proxy or prefetcher by its published user agent', () => {
    expect(isMachineOpen({ ...person, userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)' })).toBe(true);
    expect(isMachineOpen({ ...person, userAgent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html' })).toBe(true);
    // Apple Mail Privacy Protection's proxies send a bare Mozilla/5.0.
    expect(isMachineOpen({ ...person, userAgent: 'Mozilla/5.0' })).toBe(true);
  });

  it("tells one by Google's published proxy ranges, mapped IPv6 included, from the first address to the last", () => {
    for (const inside of ['66.102.0.0', '::ffff:66.102.8.33', '66.102.15.255', '66.249.64.0', '66.249.84.10', '66.249.95.255']) {
      expect(isMachineOpen({ ...person, sourceIp: inside }), inside).toBe(true);
    }
    for (const outside of ['66.101.255.255', '66.102.16.0', '66.249.63.255', '66.249.96.0']) {
      expect(isMachineOpen({ ...person, sourceIp: outside }), outside).toBe(false);
    }
  });

  it("does not take an Apple address for Mail Privacy Protection: its loads come through Private Relay's shared egress", () => {
    expect(isMachineOpen({ ...person, sourceIp: '17.58.101.4' })).toBe(false);
  });

  it('counts a person reading in a browser or mail program as a person', () => {
    expect(isMachineOpen(person)).toBe(false);
    expect(isMachineOpen({ userAgent: USER_AGENTS.chromeWindows, sourceIp: '127.0.0.1' })).toBe(false);
    expect(isMachineOpen({ userAgent: USER_AGENTS.firefoxLinux, sourceIp: '18.0.0.1' })).toBe(false);
    expect(isMachineOpen({ userAgent: USER_AGENTS.firefoxLinux, sourceIp: '66.102.16.1' })).toBe(false);
  });
});
