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
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  let state: 'new' | 'waiting' | 'settled' = 'new';
  const gate: Gate = {
    promise,
    opened: false,
    open() {
      if (gate.opened) return;
      gate.opened = true;
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
  if (gate !== null && !gate.opened) use(gate.promise);
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

/** What opens a deferred part besides the browser being idle. */
const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown', 'input'] as const;

/** How long after the page's own hydration a deferred part waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 4000;

export interface DeferredProps extends HTMLAttributes<HTMLElement> {
  /** The element wrapping the part (it is watched for visibility and touches); default `div`. */
  as?: ElementType;
  children: ReactNode;
}

/**
 * A part of the page that hydrates later than the rest (see above). Mounted by a client
 * navigation it renders at once, like anything else.
 */
export function Deferred({ as: Tag = 'div', children, ...rest }: DeferredProps) {
  // Decided once, at the part's first render: only the server's HTML is worth deferring.
  const { id, adopted } = useAdopted('data-deferred');
  const [gate] = useState(() => (adopted ? createGate() : null));
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (gate === null || element === null) return;
    gate.wait();
    const open = () => gate.open();
    for (const type of TOUCH_EVENTS) element.addEventListener(type, open, { capture: true });
    const visible = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      },
      { rootMargin: '100px' },
    );
    visible.observe(element);
    const cancelIdle = whenIdle(open, IDLE_TIMEOUT_MS);
    return () => {
      for (const type of TOUCH_EVENTS) element.removeEventListener(type, open, { capture: true });
      visible.disconnect();
      cancelIdle();
      // Unmounted (a navigation away, say), hydrated or not: nothing to wait for any more.
      gate.settle();
    };
  }, [gate]);

  return (
    <Tag ref={ref} data-deferred={id} {...rest}>
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </Tag>
  );
}
