// The pass a pass link opens (issue #31): fetched whenever the server can be reached and saved on the
// phone with the link (web/src/lib/offline-store.ts), so the same link opens it with no network. A link
// the server refuses (altered, expired, the appointment cancelled) shows its refusal, not an old copy.
import { useQuery } from '@tanstack/react-query';
import type { LinkedPassView } from '@shared/contracts/gate-pass';
import { PATHS } from '@shared/navigation';
import { api, ApiError } from '../../../lib/api-client';
import { offlineStore, type SavedPass } from '../../../lib/offline-store';

export interface LinkedPass {
  pass: SavedPass;
  /** Shown from the phone's copy because the server could not be reached. */
  fromPhone: boolean;
  /** The language the page opens in (the guest's booking language); null when the phone's copy is shown. */
  language: 'en' | 'hi' | null;
}

/** The link's pass; null when there is no network and no copy on the phone. Throws the server's refusal. */
export async function openLinkedPass(link: string): Promise<LinkedPass | null> {
  try {
    const view = await api.get<LinkedPassView>(`/api/passes/${encodeURIComponent(link)}`);
    return { pass: await offlineStore.saveLinkedPass(link, view), fromPhone: false, language: view.language };
  } catch (err) {
    if (err instanceof ApiError) {
      // The server says the link shows no pass: the phone's copy of it goes too.
      if (err.status === 404 || err.status === 409) {
        const kept = await offlineStore.linkedPass(link);
        if (kept) await offlineStore.forgetPass(kept.appointmentId);
      }
      throw err;
    }
    const kept = await offlineStore.linkedPass(link);
    return kept ? { pass: kept, fromPhone: true, language: null } : null;
  }
}

const linkedPassQuery = (link: string | null) => ({
  queryKey: ['pass-link', link],
  queryFn: () => openLinkedPass(link!),
  enabled: link !== null,
  // The phone's copy must show with no network: React Query must not wait for one to run the query.
  networkMode: 'always' as const,
  retry: false,
  staleTime: 5 * 60_000,
});

export const useLinkedPass = (link: string) => useQuery(linkedPassQuery(link));

/**
 * The guest's confirmation keeps its pass on the phone at once (through its link): answers the pass
 * page's path once the pass is saved, so the panel offers it; null until then or with no link.
 */
export function useKeptGatePass(link: string | null): string | null {
  const kept = useQuery(linkedPassQuery(link));
  return link && kept.data ? `${PATHS.pass}/${link}` : null;
}
