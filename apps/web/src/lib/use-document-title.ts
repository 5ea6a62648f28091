import { useEffect } from 'react';

/** Sets the browser tab title to "<page> · Quire" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Quire` : 'Quire';
  }, [title]);
}
