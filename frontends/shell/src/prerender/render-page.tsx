import { PRODUCT_NAME, SERVED_VIEW_END, SERVED_VIEW_START } from '@paycadence/contracts';
import { StrictMode, type ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import { App } from '../App';
import { provideRemoteComponent } from '../remotes/remote-loader';
import type { RemoteRef } from '../remotes/remote-ref';
import { appRoutes } from '../routes';

// The build's rendering of the public pages (scripts/prerender.mjs): React's own static rendering on Node, of
// the same App, layout and route table the browser renders, for a visitor who is signed out. Nothing here runs
// in a browser: the remotes' page modules are bundled in with the shell's code by the prerender step and handed
// over with provideRemoteModules, instead of being fetched through the federation runtime. The markup is not
// hydrated: the browser's app replaces it in one frame once the page's remote has loaded (replace-prerendered.ts).

/** A remote's exposed modules as its build exposes them: './AboutPage' -> the module (exporting AboutPage). */
export type RemoteModules = Record<`./${string}`, Record<string, unknown>>;

/**
 * Where a data page's own view begins and ends in its markup (the page server puts the view rendered with the
 * data there, SERVED_VIEW_*). React writes no comments, so the view is framed with these empty elements, which
 * renderPage turns into the comments.
 */
const VIEW_START_ELEMENT = '<template data-served-view="start"></template>';
const VIEW_END_ELEMENT = '<template data-served-view="end"></template>';

function framedView(Page: ComponentType): ComponentType {
  function ServedView() {
    return (
      <>
        <template data-served-view="start" />
        <Page />
        <template data-served-view="end" />
      </>
    );
  }
  return ServedView;
}

/** Data pages' calls, by remote module ('public-site/BlogListPage'). */
const dataCalls = new Map<string, readonly string[]>();
const remoteKey = (remote: RemoteRef) => `${remote.name}/${remote.module.slice(2)}`;

/**
 * Makes `name`'s modules render as the browser shows them once loaded. A module that exports PAGE_DATA_CALLS
 * beside its page (the blog's list and post) is a data page: its view is framed for the page server to fill,
 * and its copy asks for those calls at once.
 */
export function provideRemoteModules(name: RemoteRef['name'], modules: RemoteModules): void {
  for (const [module, exported] of Object.entries(modules) as Array<[RemoteRef['module'], Record<string, unknown>]>) {
    // As loadRemoteComponent: './AboutPage' exports AboutPage.
    const component = exported[module.slice(2)];
    if (typeof component !== 'function') throw new Error(`render-page: ${name} module ${module} does not export ${module.slice(2)}`);
    const page = component as ComponentType;
    const calls = exported.PAGE_DATA_CALLS;
    const isDataPage = Array.isArray(calls) && calls.every((call) => typeof call === 'string');
    if (isDataPage) dataCalls.set(remoteKey({ name, module }), calls);
    provideRemoteComponent({ name, module }, isDataPage ? framedView(page) : page);
  }
}

/** The route that answers `pathname` (the table has one entry per path; a post's path matches only /blog/:slug). */
const routeFor = (pathname: string) => appRoutes.find((route) => matchPath(route.path, pathname) !== null);

/** The tab title the app gives the page (useDocumentTitle in AppRoutes): 'About | PayCadence', or the bare name. */
export function pageTitle(pathname: string): string {
  const title = routeFor(pathname)?.title;
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The page's controls wait for the app (a second or two on a slow phone): typing would be lost and a native
 * submit would put the fields in the URL, so text fields are read-only and buttons, selects, boxes and radio
 * buttons disabled, looking as they will (web-kit's `[data-prerendered]` rules); the app's render replaces
 * them all. (readonly does not hold a box or a radio button back.) Safe on React's markup: it escapes '<' in
 * text and '"' in attribute values, so every match is a tag React wrote.
 */
export function holdControls(html: string): string {
  return html
    .replace(/<(button|select)\b/g, '<$1 disabled=""')
    .replace(/<textarea\b/g, '<textarea readonly=""')
    .replace(/<input\b([^>]*)>/g, (_tag, attributes: string) =>
      /\stype="(checkbox|radio|file)"/.test(attributes) ? `<input disabled=""${attributes}>` : `<input readonly=""${attributes}>`,
    );
}

export interface RenderedPage {
  /** What goes inside `#root`. */
  html: string;
  title: string;
  /** The remote module the page shows, if any (its chunks and stylesheets go in the copy). */
  remote?: RemoteRef;
  /** A data page's calls for its data (PAGE_DATA_CALLS), none for any other page. */
  dataUrls: readonly string[];
}

/**
 * Renders `pathname` as the app first shows it to a signed-out visitor. `prerender` waits for everything the
 * tree suspends on, so the markup is complete: a data page shows its loading view (its queries only run in a
 * browser), framed with the SERVED_VIEW_* comments.
 */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App initialUser={null} />
      </StaticRouter>
    </StrictMode>,
  );
  const rendered = await new Response(prelude).text();
  // A script in the page would need the CSP's leave; a complete static render writes none, and none may pass.
  if (/<script\b/i.test(rendered)) throw new Error(`render-page: ${pathname} rendered a <script>, which the CSP would block`);
  const html = holdControls(rendered).replaceAll(VIEW_START_ELEMENT, `<!--${SERVED_VIEW_START}-->`).replaceAll(VIEW_END_ELEMENT, `<!--${SERVED_VIEW_END}-->`);
  const remote = routeFor(pathname)?.remote;
  return { html, title: pageTitle(pathname), remote, dataUrls: (remote && dataCalls.get(remoteKey(remote))) ?? [] };
}
