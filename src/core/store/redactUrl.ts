/**
 * Hides credentials: `redis://:secret@host` → `redis://***@host`. Everything up to the last '@'
 * goes, so an unencoded '@' or '/' inside a password cannot leak part of it; a mistyped scheme
 * separator (`redis:/:secret@host`) is hidden the same way.
 */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/*).*@/i, '$1***@');
}
