// The saved theme on <html> before the first paint (docs/themes.md), so a prerendered page never flashes light
// for someone who chose dark. A classic blocking script in the <head>, before any stylesheet: the CSP allows no
// inline script. It reads what web-kit's preferences keep (PREFERENCES_KEY); web-kit's startThemeSync keeps the
// attribute right once the app runs.
(function () {
  var root = document.documentElement;
  var theme = 'light';
  try {
    var stored = JSON.parse(localStorage.getItem('paycadence.preferences') || 'null');
    var choice = stored && stored.theme;
    if (choice === 'dark') theme = 'dark';
    else if (choice === 'auto' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) theme = 'dark';
  } catch (_error) {
    // Storage refused (a private window's policy) or unreadable: the default, light.
  }
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
})();
