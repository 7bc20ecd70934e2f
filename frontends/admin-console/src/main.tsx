// STACK.md: a remote's entry only defers to bootstrap, so shared singletons negotiate first.
void import('./bootstrap');
