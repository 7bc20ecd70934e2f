// The ONE module-federation shared map (docs/conventions.md §9). Every vite config in frontends/
// imports it, so the shell and every remote agree on the same singletons: one React, one router
// context, one query client and one web-kit (hence one session context and one set of UI tokens).
// A remote that bundled its own copy of any of these would break hooks or contexts at run time.
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

export const federationShared = {
  react: singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-router-dom': singleton('^7.0.0'),
  'react-router': singleton('^7.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
  '@paycadence/web-kit': singleton('^0.1.0'),
};

/** Where the gateway serves a remote (gateway/dev and Kong): the remote's vite `base`. */
export const remoteBase = (name) => `/remotes/${name}/`;
