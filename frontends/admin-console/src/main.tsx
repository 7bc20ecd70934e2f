// A remote's entry only defers to bootstrap, so module federation's shared singletons negotiate first.
void import('./bootstrap');
