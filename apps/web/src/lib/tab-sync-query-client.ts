import { QueryClient, type QueryClientConfig, type QueryKey } from '@tanstack/react-query';

/** The channel every tab of the app listens on for data another tab changed. */
const CHANNEL = 'quire:changed-queries';

interface ChangeMessage {
  /** The key prefix whose data changed; absent: everything may have. */
  queryKey?: QueryKey;
}

/**
 * A query client that tells the app's other tabs what it invalidated or replaced after a change, and
 * invalidates what they tell it. Without it an environment edited in one tab stays stale in the reader
 * open in another until a reload, since queries are kept 30 s and not refetched on focus. Only keys cross:
 * each tab refetches with its own credentials, so no data passes between tabs.
 */
export class TabSyncQueryClient extends QueryClient {
  private readonly channel: BroadcastChannel | null;
  /** True while applying a message from another tab, so it is not echoed back. */
  private isApplyingRemote = false;

  constructor(config?: QueryClientConfig, channelName = CHANNEL) {
    super(config);
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
    this.channel?.addEventListener('message', (event: MessageEvent<ChangeMessage>) => {
      const queryKey = event.data?.queryKey;
      this.isApplyingRemote = true;
      try {
        void super.invalidateQueries(queryKey ? { queryKey } : undefined);
      } finally {
        this.isApplyingRemote = false;
      }
    });
    // A tab that puts a mutation's answer in its cache (`setQueryData`, a "manual" success) tells the others,
    // which refetch that key instead of receiving the data.
    this.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.action.manual)
        this.tellOtherTabs(event.query.queryKey);
    });
  }

  private tellOtherTabs(queryKey: QueryKey | undefined): void {
    if (this.isApplyingRemote || !this.channel) return;
    const message: ChangeMessage = queryKey ? { queryKey } : {};
    this.channel.postMessage(message);
  }

  override invalidateQueries(...args: Parameters<QueryClient['invalidateQueries']>): Promise<void> {
    this.tellOtherTabs(args[0]?.queryKey);
    return super.invalidateQueries(...args);
  }

  /** Stops listening (tests; the app's client lives as long as the tab). */
  close(): void {
    this.channel?.close();
  }
}
