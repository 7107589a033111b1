import { describe, expect, it } from 'vitest';
import { deviceLabel, summariseUserAgent } from './user-agent';

const UA = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('user agent summary', () => {
  it('names the common browsers and systems', () => {
    expect(deviceLabel(UA.chromeWin)).toBe('Chrome 120 · Windows');
    expect(deviceLabel(UA.edge)).toBe('Edge 120 · Windows');
    expect(deviceLabel(UA.iphone)).toBe('Safari 17 · iOS 17');
    expect(deviceLabel(UA.android)).toBe('Samsung Internet 23 · Android 14');
    expect(deviceLabel(UA.firefoxMac)).toBe('Firefox 120 · macOS');
    expect(deviceLabel(UA.headless)).toBe('Chrome Headless 131 · Linux');
  });

  it('tells phones from computers', () => {
    expect(summariseUserAgent(UA.iphone).mobile).toBe(true);
    expect(summariseUserAgent(UA.android).mobile).toBe(true);
    expect(summariseUserAgent(UA.chromeWin).mobile).toBe(false);
  });

  it('answers null for nothing it knows', () => {
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel('something/else')).toBeNull();
    expect(deviceLabel('curl/8.5.0')).toBe('curl 8');
  });
});
