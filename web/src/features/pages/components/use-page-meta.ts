// The document title, meta description and canonical link of a public page, in the reader's language.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/product';

function metaTag(selector: string, create: () => HTMLElement): HTMLElement {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  return element;
}

export function usePageMeta(title: string, description: string, path: string) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
    const meta = metaTag('meta[name="description"]', () =>
      Object.assign(document.createElement('meta'), { name: 'description' }),
    );
    meta.setAttribute('content', description);
    const canonical = metaTag('link[rel="canonical"]', () =>
      Object.assign(document.createElement('link'), { rel: 'canonical' }),
    );
    canonical.setAttribute('href', `${window.location.origin}${path}`);
    const ogTitle = metaTag('meta[property="og:title"]', () => {
      const el = document.createElement('meta');
      el.setAttribute('property', 'og:title');
      return el;
    });
    ogTitle.setAttribute('content', title);
    const ogDescription = metaTag('meta[property="og:description"]', () => {
      const el = document.createElement('meta');
      el.setAttribute('property', 'og:description');
      return el;
    });
    ogDescription.setAttribute('content', description);
  }, [title, description, path]);
}
