import { preloadRemoteFor } from './remotes/early-preload';

// A public page's remote entry starts loading now, beside the shell's bootstrap.
preloadRemoteFor(window.location.pathname);
// The entry only defers to bootstrap, so module federation can set up shared singletons first.
void import('./bootstrap');
