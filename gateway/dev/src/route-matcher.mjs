/**
 * Kong-style routing (traditional_compatible router): paths starting with `~` are regexes, anchored at the
 * start and tried first (higher `regex_priority` first); plain paths are prefixes and the longest one wins.
 * A route with `methods` only matches those methods.
 */
export function createRouteMatcher(services) {
  const regexEntries = [];
  const prefixEntries = [];
  for (const service of services) {
    for (const route of service.routes) {
      for (const path of route.paths) {
        if (path.startsWith('~')) regexEntries.push({ regex: new RegExp(`^${path.slice(1)}`), route, service });
        else prefixEntries.push({ prefix: path, route, service });
      }
    }
  }
  regexEntries.sort((a, b) => (b.route.regexPriority ?? 0) - (a.route.regexPriority ?? 0));
  prefixEntries.sort((a, b) => b.prefix.length - a.prefix.length);

  const result = (entry, pathname, matched) => ({
    service: entry.service,
    route: entry.route,
    prefix: matched,
    upstreamPath: entry.route.stripPath ? stripPrefix(pathname, matched) : pathname,
  });

  return function matchRoute(pathname, method) {
    for (const entry of regexEntries) {
      if (entry.route.methods && !entry.route.methods.includes(method)) continue;
      const found = entry.regex.exec(pathname);
      if (found) return result(entry, pathname, found[0]);
    }
    for (const entry of prefixEntries) {
      if (!pathname.startsWith(entry.prefix)) continue;
      if (entry.route.methods && !entry.route.methods.includes(method)) continue;
      return result(entry, pathname, entry.prefix);
    }
    return null;
  };
}

export function stripPrefix(pathname, prefix) {
  const rest = pathname.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
