import { preloadRemoteFor } from './remotes/early-preload';

// A public page's remote entry starts loading now, beside the shell's bootstrap (issue 13 item 9).
preloadRemoteFor(window.location.pathname);
// STACK.md: the entry only defers to bootstrap, so module federation can set up shared singletons first.
void import('./bootstrap');
