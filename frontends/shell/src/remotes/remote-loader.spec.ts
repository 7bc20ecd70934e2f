import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

const manifest = { 'public-site': '/remotes/public-site/remoteEntry.js', dashboard: '/remotes/dashboard/remoteEntry.js' };

async function freshLoader() {
  vi.resetModules();
  return import('./remote-loader');
}

beforeEach(() => {
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('remote-loader', () => {
  it('reads /remotes-manifest.json once, registers every remote as an ES module and loads the named export', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(manifest), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    function AboutPage() {
      return null;
    }
    runtime.loadRemote.mockResolvedValue({ AboutPage });
    const { loadRemoteComponent, cachedRemoteComponent } = await freshLoader();

    const component = await loadRemoteComponent({ name: 'public-site', module: './AboutPage' });
    await loadRemoteComponent({ name: 'public-site', module: './AboutPage' });

    expect(component).toBe(AboutPage);
    expect(cachedRemoteComponent({ name: 'public-site', module: './AboutPage' })).toBe(AboutPage);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/remotes-manifest.json', { cache: 'no-cache' }]);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'public-site', entry: '/remotes/public-site/remoteEntry.js', type: 'module' },
        { name: 'dashboard', entry: '/remotes/dashboard/remoteEntry.js', type: 'module' },
      ],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('public-site/AboutPage');
  });

  it('fails when the manifest cannot be read, and tries again on the next call', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('nope', { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(manifest), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    function TermsPage() {
      return null;
    }
    runtime.loadRemote.mockResolvedValue({ TermsPage });
    const { loadRemoteComponent } = await freshLoader();

    await expect(loadRemoteComponent({ name: 'public-site', module: './TermsPage' })).rejects.toThrow('status 503');
    await expect(loadRemoteComponent({ name: 'public-site', module: './TermsPage' }, { retry: true })).resolves.toBe(TermsPage);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(expect.any(Array), { force: true });
  });

  it('rejects a remote missing from the manifest and a module without the expected export', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ 'public-site': '/x.js' })))));
    runtime.loadRemote.mockResolvedValue({ SomethingElse: () => null });
    const { loadRemoteComponent } = await freshLoader();
    await expect(loadRemoteComponent({ name: 'dashboard', module: './DashboardPage' })).rejects.toThrow('not in /remotes-manifest.json');
    await expect(loadRemoteComponent({ name: 'public-site', module: './LandingPage' })).rejects.toThrow('does not export LandingPage');
  });
});
