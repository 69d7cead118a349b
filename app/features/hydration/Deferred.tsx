import {
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type ElementType,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { whenIdle } from './idle';
import { useAdopted } from './useAdopted';

/*
 * Deferred hydration (DESIGN.md, Rendering: islands loaded when visible, idle or touched). The
 * server renders a deferred part with the page as usual. In the browser, React keeps that HTML as
 * it is while the rest of the page hydrates, and hydrates the part on its own, in small steps,
 * once it comes near the screen, is touched or focused, or the browser is idle. Until then its
 * controls work natively: a form posts to the server, a link loads its page, and typing stays in
 * the field (see forms/replayTyped.ts).
 */

/** Opened once: the deferred part may hydrate. Settled once: it has, or it is gone. */
interface Gate {
  readonly promise: Promise<void>;
  opened: boolean;
  open(): void;
  /** Counted among the parts waiting (see `waiting`) from the commit that showed it. */
  wait(): void;
  settle(): void;
}

function createGate(): Gate {
  let resolve: () => void = () => undefined;
  // React's `use` reads `status`: once open, the part renders at once, without suspending again
  // (so an event can hydrate it there and then).
  const promise: Promise<void> & { status?: 'fulfilled'; value?: undefined } = new Promise<void>(
    (done) => {
      resolve = done;
    },
  );
  let state: 'new' | 'waiting' | 'settled' = 'new';
  const gate: Gate = {
    promise,
    opened: false,
    open() {
      if (gate.opened) return;
      gate.opened = true;
      promise.status = 'fulfilled';
      promise.value = undefined;
      resolve();
    },
    wait() {
      if (state !== 'new') return;
      state = 'waiting';
      changeWaiting(1);
    },
    settle() {
      if (state === 'waiting') changeWaiting(-1);
      state = 'settled';
    },
  };
  return gate;
}

/** Deferred parts of the page not hydrated yet, and who wants to know when there are none. */
let waiting = 0;
const listeners = new Set<() => void>();

function changeWaiting(by: number): void {
  waiting += by;
  for (const listener of listeners) listener();
}

/** How many deferred parts have not hydrated yet. */
export function deferredWaiting(): number {
  return waiting;
}

/**
 * Counts one more part waiting to hydrate until the returned release is called (once is enough):
 * for an island hydrated as a root of its own (app/client/islands.tsx), from before its code is
 * fetched until its own deferred parts count themselves.
 */
export function holdDeferred(): () => void {
  let held = true;
  changeWaiting(1);
  return () => {
    if (!held) return;
    held = false;
    changeWaiting(-1);
  };
}

/**
 * Holds the page's hydrated marker while `waiting`: for a dialog the server rendered open (a
 * `?wsm`, `?menu`, `?order-online` or `?postcode` page) until the script's modal has taken its
 * place, or it stays for good (a refusal it shows, a modal that could not load). Until then the
 * dialog is the server's HTML beside the page, not the page's interface.
 */
export function useHoldWhile(waiting: boolean): void {
  useEffect(() => (waiting ? holdDeferred() : undefined), [waiting]);
}

/** Calls `listener` whenever that number changes; returns the undo. */
export function onDeferredChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Suspends hydration until the gate opens (never outside hydration: there is no gate then). */
function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate !== null) use(gate.promise);
  return (
    <>
      {children}
      {gate === null ? null : <Hydrated gate={gate} />}
    </>
  );
}

/** Settles the gate once the part has hydrated (renders nothing). */
function Hydrated({ gate }: { gate: Gate }) {
  useEffect(() => gate.settle(), [gate]);
  return null;
}

/** What opens a deferred part besides the browser being idle or it coming near the screen. */
const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown', 'input', 'click'] as const;

/** How long after the page's own hydration a deferred part waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 4000;

export interface DeferredProps extends HTMLAttributes<HTMLElement> {
  /** The element wrapping the part (it is watched for visibility and touches); default `div`. */
  as?: ElementType;
  children: ReactNode;
  /**
   * Whether the browser being idle hydrates the part too (the default). `false`: only coming
   * near the screen or a touch does (a part that costs more than most, such as a card's order
   * form, below the fold); the page's hydrated marker then does not wait for it.
   */
  idle?: boolean;
}

/**
 * A part of the page that hydrates later than the rest (see above). Mounted by a client
 * navigation it renders at once, like anything else.
 */
export function Deferred({ as: Tag = 'div', children, idle = true, ...rest }: DeferredProps) {
  // Decided once, at the part's first render: only the server's HTML is worth deferring.
  const { id, adopted } = useAdopted('data-deferred');
  const [gate] = useState(() => (adopted ? createGate() : null));
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (gate === null || element === null) return;
    if (idle) gate.wait();
    // Listened for on the window, ahead of React's own listeners at the root: the part is open
    // by the time React sees the event, so React hydrates it there and then, and the event
    // reaches its handlers (a click on a part not hydrated yet is not lost or done natively).
    let cancelIdle: () => void = () => undefined;
    const touched = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) open();
    };
    const visible = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      },
      { rootMargin: '100px' },
    );
    // Once open, nothing is watched any more.
    const stopWatching = () => {
      for (const type of TOUCH_EVENTS) window.removeEventListener(type, touched, { capture: true });
      visible.disconnect();
      cancelIdle();
    };
    const open = () => {
      gate.open();
      stopWatching();
    };
    for (const type of TOUCH_EVENTS) window.addEventListener(type, touched, { capture: true });
    visible.observe(element);
    if (idle) cancelIdle = whenIdle(open, IDLE_TIMEOUT_MS);
    return () => {
      stopWatching();
      // Unmounted (a navigation away, say), hydrated or not: nothing to wait for any more.
      gate.settle();
    };
  }, [gate, idle]);

  return (
    <Tag ref={ref} data-deferred={id} {...rest}>
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </Tag>
  );
}
