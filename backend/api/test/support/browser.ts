/** One cookie as a browser keeps it; the jar ignores Domain and Path, which these tests never vary. */
interface StoredCookie {
  value: string;
  attributes: string[];
}

export interface Hop {
  url: string;
  status: number;
  location?: string;
}

/**
 * A minimal browser over fetch: a cookie jar per host (browsers share cookies across ports, and so
 * does this) and manual redirects, so a test sees every hop of a sign-in.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  /** Set-Cookie attributes last seen for a cookie, lower-cased (e.g. 'httponly', 'samesite=lax'). */
  cookieAttributes(host: string, name: string): string[] | undefined {
    return this.jar.get(host)?.get(name)?.attributes;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)?.value;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { hostname } = new URL(url);
    const cookies = [...(this.jar.get(hostname) ?? new Map<string, StoredCookie>())].map(([name, c]) => `${name}=${c.value}`);
    const headers = new Headers(init.headers);
    if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(hostname, response.headers.getSetCookie());
    return response;
  }

  /** Follows redirects (as GET, the way browsers treat 302/303) until a non-redirect or `stopAt` matches. */
  async follow(url: string, init: RequestInit = {}, stopAt?: (url: URL) => boolean): Promise<{ response: Response; hops: Hop[] }> {
    const hops: Hop[] = [];
    let current = url;
    let request = init;
    for (let i = 0; i < 20; i++) {
      const response = await this.fetch(current, request);
      const location = response.headers.get('location') ?? undefined;
      hops.push({ url: current, status: response.status, location });
      if (response.status < 300 || response.status >= 400 || !location) return { response, hops };
      const next = new URL(location, current);
      if (stopAt?.(next)) return { response, hops };
      await response.arrayBuffer();
      current = next.toString();
      request = {};
    }
    throw new Error(`too many redirects: ${JSON.stringify(hops)}`);
  }

  private store(host: string, setCookies: string[]): void {
    const cookies = this.jar.get(host) ?? new Map<string, StoredCookie>();
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const lowered = attributes.map((a) => a.toLowerCase());
      const expired = lowered.some((a) => a === 'max-age=0' || (a.startsWith('expires=') && Date.parse(a.slice(8)) <= Date.now()));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, { value, attributes: lowered });
    }
    this.jar.set(host, cookies);
  }
}
