/** The feed's full URL on this site, and the same URL as webcal:// (which calendar apps open as a subscription). */
export function calendarFeedLinks(path: string, origin: string): { url: string; webcal: string } {
  const url = new URL(path, origin);
  return { url: url.href, webcal: `webcal://${url.host}${url.pathname}` };
}
