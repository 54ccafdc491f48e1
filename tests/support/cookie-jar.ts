/** A browser's cookies for the store: what each answer's Set-Cookie leaves, in the order they arrive. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  receive(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const separator = pair!.indexOf("=");
      const name = pair!.slice(0, separator).trim();
      const expired = attributes.some(
        (attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute),
      );
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair!.slice(separator + 1));
    }
  }

  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  /** Puts a cookie in as a browser would keep it, whoever made it. */
  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  request(path: string, init: RequestInit = {}): Request {
    const header = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return new Request(`http://127.0.0.1${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), ...(header ? { Cookie: header } : {}) },
    });
  }
}
