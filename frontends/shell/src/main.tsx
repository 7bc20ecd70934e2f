// STACK.md: the entry only defers to bootstrap, so module federation can set up shared singletons first.
void import('./bootstrap');
