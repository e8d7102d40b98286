/**
 * What one part of the server tells the others once a change has committed: the names and what each carries. A
 * module emits the events of the data it owns; whoever keeps something derived from that data (a cache, an index)
 * listens. The bus is in-process and synchronous: a listener has run when `emit` returns, so a write that emits
 * before it answers leaves no stale entry behind on this node. Other nodes hear nothing (their caches are off in
 * multi-node mode, see caches.ts), except what the game hub passes on to them over Redis: `sessionsEnded` and
 * `testerRemoved`, which end connections and games on whichever node holds them (gaming/backplane.ts).
 */
export interface AppEvents {
  /** A partner's items changed: created, edited, deleted, or given a status the versions module derived. */
  itemsChanged: { ownerId: string };
  /** A review conversation of a partner's version changed: a message was posted, or read by the partner. */
  conversationChanged: { ownerId: string };
  /** A partner edited their profile. */
  profileChanged: { userId: string };
  /** A partner's payout account was connected or disconnected, or a month of placement was bought or settled. */
  accountStatusChanged: { userId: string };
  /** A partner's sales changed: one recorded, voided, or moved on by a settlement run. */
  salesChanged: { ownerId: string };
  /** The analytics rollup changed these studios' figures (a minute's rollup; every studio's ranges as a day begins). */
  analyticsRolledUp: { ownerIds: string[] };
  /** Sessions ended: a logout, or every session of an account whose password was reset. */
  sessionsEnded: { sessionIds: string[] };
  /** A partner revoked an API key. */
  apiKeyRevoked: { keyId: string };
  /** A person joined a studio, changed role or left it (removed, or by themselves). */
  membershipChanged: { studioId: string; userId: string; change: 'added' | 'changed' | 'removed' };
  /** A partner took a tester off its whitelist. */
  testerRemoved: { ownerId: string; testerId: string };
}

export type AppEventName = keyof AppEvents;
type Listener<E extends AppEventName> = (event: AppEvents[E]) => void;

/** The typed bus of `AppEvents`. */
export class EventBus {
  private readonly listeners: { [E in AppEventName]?: Array<Listener<E>> } = {};

  on<E extends AppEventName>(name: E, listener: Listener<E>): void {
    const list: Array<Listener<E>> = this.listeners[name] ?? [];
    list.push(listener);
    this.listeners[name] = list as (typeof this.listeners)[E];
  }

  emit<E extends AppEventName>(name: E, event: AppEvents[E]): void {
    for (const listener of (this.listeners[name] ?? []) as Array<Listener<E>>) listener(event);
  }
}

/** What a service that only tells gets: it cannot listen. */
export type EventEmitter = Pick<EventBus, 'emit'>;

/** What a part that only listens gets (the game hub): it cannot tell. */
export type EventSubscriber = Pick<EventBus, 'on'>;
