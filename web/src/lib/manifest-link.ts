// The web app manifest of the page's language (issue #31): a phone installs "डॉकसाथी" from a Hindi
// page. Linked as soon as the language is known, before the first render: Chromium reads the manifest
// once the page has loaded, and one fetched in English is not always read again when the link changes.
const MANIFESTS = { en: '/manifest.webmanifest', hi: '/manifest-hi.webmanifest' } as const;

export function linkManifestOf(language: keyof typeof MANIFESTS) {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && link.getAttribute('href') !== MANIFESTS[language]) link.href = MANIFESTS[language];
}
