/**
 * A redirect target that stays on this site (docs/security.md#requests): parse against our
 * origin, require the same origin, keep only path, query and fragment. Anything else, including
 * `//evil.com`, `/\evil.com`, `/%09/evil.com`, `http:evil.com` and `javascript:` URLs, becomes "/".
 *
 * A same-origin path can still read as another host once a browser or proxy decodes it, or after
 * dot-segment removal (`/.//evil.com` parses to the path `//evil.com`). So the path, decoded, may
 * not start with a second slash, a backslash, whitespace or a control character.
 */
export function safeRedirectPath(value: string | null | undefined, origin: string): string {
  if (!value) return "/";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  if (/^\/[\s/\\\p{Cc}]/u.test(decodePath(url.pathname))) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
