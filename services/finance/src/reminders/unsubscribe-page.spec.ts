import { createHash } from 'node:crypto';
import { REMINDER_MESSAGES, REMINDER_UNSUBSCRIBE_CHECK_PATH, REMINDER_UNSUBSCRIBE_PATH, REMINDER_UNSUBSCRIBE_SCRIPT_PATH, reminderUnsubscribePath } from '@paycadence/contracts';
import { runInNewContext } from 'node:vm';
import { UNSUBSCRIBE_PAGE_HEADERS, UNSUBSCRIBE_SCRIPT, UNSUBSCRIBE_TOKEN_KEY, unsubscribePage } from './unsubscribe-page.js';
import { newUnsubscribeToken } from './unsubscribe-token.js';

const ORIGIN = 'https://pay.example.test';

interface Sent {
  path: string;
  body: unknown;
  credentials?: string;
}

/**
 * The few elements of the page the script touches, read from the page's own markup, so a selector of the script
 * that the markup does not answer fails here. (Jest runs services in Node without a DOM.)
 */
class Element {
  hidden: boolean;
  disabled = false;
  focused = false;
  private readonly listeners: Array<(event: { preventDefault(): void }) => unknown> = [];
  constructor(
    readonly attributes: Record<string, string>,
    readonly textContent: string,
    readonly children: Record<string, Element> = {},
  ) {
    this.hidden = 'hidden' in attributes;
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  querySelector(selector: string) {
    const found = this.children[selector];
    if (!found) throw new Error(`the page has no ${selector} there`);
    return found;
  }
  focus() {
    this.focused = true;
  }
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => unknown) {
    if (type !== 'submit') throw new Error(`unexpected ${type} listener`);
    this.listeners.push(listener);
  }
  /** A press of the form's button: its submit listeners run, and the script must keep the browser from submitting. */
  submit(): Promise<unknown> {
    let prevented = false;
    const runs = this.listeners.map((listener) => listener({ preventDefault: () => (prevented = true) }));
    expect(prevented).toBe(true);
    return Promise.all(runs);
  }
}

const attributesOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].slice(1).map((match) => [match[1]!, match[2] ?? '']));

/** The page's sections, each with its heading, and the ask section's form, button and failure line. */
function pageElements(html: string) {
  const sections = [...html.matchAll(/(<section [^>]*>)([\s\S]*?)<\/section>/g)].map(([, tag, inner]) => {
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(inner!)!;
    const children: Record<string, Element> = { h1: new Element(attributesOf(heading[0]), heading[1]!) };
    const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(inner!);
    if (form) {
      const button = /(<button[^>]*>)([^<]*)<\/button>/.exec(form[1]!)!;
      children.form = new Element({}, '', { button: new Element(attributesOf(button[1]!), button[2]!) });
    }
    const failed = /(<p [^>]*data-failed[^>]*>)([^<]*)<\/p>/.exec(inner!);
    if (failed) children.failed = new Element(attributesOf(failed[1]!), failed[2]!);
    return new Element(attributesOf(tag!), inner!, children);
  });
  const section = (state: string) => sections.find((candidate) => candidate.getAttribute('data-state') === state)!;
  const document = {
    title: '',
    querySelectorAll(selector: string) {
      if (selector !== '[data-state]') throw new Error(`the page answers no ${selector}`);
      return sections;
    },
    querySelector(selector: string) {
      const inSection = /^\[data-state="([a-z]+)"\] (h1|form)$/.exec(selector);
      if (inSection) return section(inSection[1]!).querySelector(inSection[2]!);
      if (selector === '[data-failed]') return section('ask').querySelector('failed');
      throw new Error(`the page answers no ${selector}`);
    },
  };
  return { sections, section, document };
}

/**
 * The page as a browser opened at `path` (with its fragment) would show it, its script run against it; `answer`
 * plays finance for the script's POSTs.
 */
function openPage(path: string, answer: (path: string) => number | 'offline', storage: Record<string, string> = {}) {
  const { sections, section, document } = pageElements(unsubscribePage());
  const url = new URL(path, ORIGIN);
  const stored = new Map(Object.entries(storage));
  const sent: Sent[] = [];
  const location = { hash: url.hash, pathname: url.pathname, search: url.search, href: url.href };
  const window = {
    sessionStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) },
  };
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, next: string) => {
      const moved = new URL(next, location.href);
      Object.assign(location, { hash: moved.hash, pathname: moved.pathname, search: moved.search, href: moved.href });
    },
  };
  const fetch = async (target: string, init: { body: string; credentials?: string }) => {
    sent.push({ path: target, body: JSON.parse(init.body), credentials: init.credentials });
    const status = answer(target);
    if (status === 'offline') throw new TypeError('Failed to fetch');
    return { ok: status >= 200 && status < 300, status };
  };
  runInNewContext(UNSUBSCRIBE_SCRIPT, { window, document, location, history, fetch, URLSearchParams });
  const visible = () => sections.filter((candidate) => !candidate.hidden).map((candidate) => candidate.getAttribute('data-state'));
  const heading = () => sections.find((candidate) => !candidate.hidden)?.querySelector('h1').textContent;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const button = () => section('ask').querySelector('form').querySelector('button');
  const failed = () => section('ask').querySelector('failed');
  const press = async () => {
    await section('ask').querySelector('form').submit();
    await settle();
  };
  return { document, location, stored, sent, visible, heading, section, settle, press, button, failed };
}

describe('the unsubscribe page', () => {
  it('holds no inline script: its one script is the file finance serves, allowed by a CSP of its own', () => {
    const html = unsubscribePage();
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script src="${REMINDER_UNSUBSCRIBE_SCRIPT_PATH}" defer>`]);
    expect(html).not.toMatch(/<script[^>]*>[^<]/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const csp = UNSUBSCRIBE_PAGE_HEADERS['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(UNSUBSCRIBE_PAGE_HEADERS['referrer-policy']).toBe('no-referrer');
    expect(UNSUBSCRIBE_PAGE_HEADERS['cache-control']).toBe('no-store');
  });

  it('reads the token from the fragment, takes it out of the address, asks, then turns reminders off', async () => {
    const token = newUnsubscribeToken();
    const page = openPage(reminderUnsubscribePath(token), () => 200);
    expect(page.location.href).toBe(`${ORIGIN}${REMINDER_UNSUBSCRIBE_PATH}`);
    expect(page.stored.get(UNSUBSCRIBE_TOKEN_KEY)).toBe(token);
    await page.settle();
    expect(page.visible()).toEqual(['ask']);
    expect(page.heading()).toBe(REMINDER_MESSAGES.unsubscribeTitle);
    expect(page.sent).toEqual([{ path: REMINDER_UNSUBSCRIBE_CHECK_PATH, body: { token }, credentials: 'omit' }]);

    await page.press();
    expect(page.sent[1]).toEqual({ path: REMINDER_UNSUBSCRIBE_PATH, body: { token }, credentials: 'omit' });
    expect(page.visible()).toEqual(['done']);
    expect(page.heading()).toBe(REMINDER_MESSAGES.unsubscribedTitle);
    expect(page.document.title).toBe(`${REMINDER_MESSAGES.unsubscribedTitle} · PayCadence`);
    expect(page.section('done').querySelector('h1').focused).toBe(true);
  });

  it('says "checking" until the script has read the link, and why it needs one without scripts', () => {
    const html = unsubscribePage();
    const { sections } = pageElements(html);
    expect(sections.map((section) => section.getAttribute('data-state'))).toEqual(['checking', 'ask', 'done', 'unknown']);
    expect(sections.filter((section) => !section.hidden).map((section) => section.getAttribute('data-state'))).toEqual(['checking']);
    expect(sections[0]!.textContent).toContain(REMINDER_MESSAGES.unsubscribeChecking);
    expect(html).toContain(`<noscript><p>${REMINDER_MESSAGES.unsubscribeNeedsScript}</p></noscript>`);
  });

  it('works again after a reload, from the token this tab kept', async () => {
    const token = newUnsubscribeToken();
    const page = openPage(REMINDER_UNSUBSCRIBE_PATH, () => 200, { [UNSUBSCRIBE_TOKEN_KEY]: token });
    await page.settle();
    expect(page.visible()).toEqual(['ask']);
    expect(page.sent[0]!.body).toEqual({ token });
  });

  it.each([
    ['no token', REMINDER_UNSUBSCRIBE_PATH],
    ['a malformed token', `${REMINDER_UNSUBSCRIBE_PATH}#token=short`],
  ])('says the link does not work for %s, asking finance nothing', async (_label, path) => {
    const page = openPage(path, () => 200);
    await page.settle();
    expect(page.visible()).toEqual(['unknown']);
    expect(page.heading()).toBe(REMINDER_MESSAGES.unsubscribeInvalidTitle);
    expect(page.sent).toEqual([]);
  });

  it('says the link does not work when finance does not know it, before anything is asked', async () => {
    const page = openPage(reminderUnsubscribePath(newUnsubscribeToken()), () => 404);
    await page.settle();
    expect(page.visible()).toEqual(['unknown']);
    expect(page.sent).toHaveLength(1);
  });

  it('asks even when the check fails, and says so when turning off fails, keeping the button', async () => {
    let status: number | 'offline' = 'offline';
    const page = openPage(reminderUnsubscribePath(newUnsubscribeToken()), () => status);
    await page.settle();
    expect(page.visible()).toEqual(['ask']);
    expect(page.failed().hidden).toBe(true);
    await page.press();
    expect(page.visible()).toEqual(['ask']);
    expect(page.failed().hidden).toBe(false);
    expect(page.failed().textContent).toBe(REMINDER_MESSAGES.unsubscribeFailed);
    expect(page.button().disabled).toBe(false);

    status = 503;
    await page.press();
    expect(page.failed().hidden).toBe(false);
    status = 200;
    await page.press();
    expect(page.visible()).toEqual(['done']);
  });
});
