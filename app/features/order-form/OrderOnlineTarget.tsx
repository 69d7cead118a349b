import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  hasFlag,
  lazyTarget,
  searchWithoutFlag,
  useSiteLocation,
  useSiteNavigate,
} from '../navigation';
import { useIsHydrated } from '../../../ui';
import { dialogParams } from '../cart';
import { useHoldWhile } from '../hydration';
import { loadOrderOnlineDialog, type DialogComponent } from './loadOrderOnlineDialog';
import type { OrderOnlineStart, OrderTab } from './OrderOnlineModal';
import { choiceField, type FormTab } from './orderOnlineTabs';

/**
 * The server's panel: its module (its forms, fields and notices) is fetched only by a page
 * rendered with it, not with the header on every page.
 */
const StaticOrderOnline = lazyTarget(() => import('./StaticOrderOnline'));

const formTabs: readonly FormTab[] = ['woodpellet', 'oil', 'other'];

/** Whether any field of a form differs from what the server rendered in it. */
function changed(form: HTMLFormElement): boolean {
  return [...form.elements].some((element) => {
    if (element instanceof HTMLInputElement && element.type !== 'hidden') {
      return element.value !== element.defaultValue;
    }
    if (element instanceof HTMLSelectElement) {
      return [...element.options].some((option) => option.selected !== option.defaultSelected);
    }
    return false;
  });
}

/**
 * What was chosen and typed in the server's panel, for the modal's forms to start from, and the
 * tab to show: the one with focus, else the first form that was changed.
 */
function readPanel(panel: HTMLElement): { start: OrderOnlineStart; tab: OrderTab | undefined } {
  const start: OrderOnlineStart = {};
  let tab: OrderTab | undefined;
  for (const type of formTabs) {
    const form = panel.querySelector<HTMLFormElement>(`form[data-order-type="${type}"]`);
    if (!form) continue;
    const value = (name: string) => {
      const element = form.elements.namedItem(name);
      return element instanceof HTMLInputElement || element instanceof HTMLSelectElement
        ? element.value
        : '';
    };
    const [productId = '', sizeId = ''] = value(choiceField).split(':', 2);
    const quantity = Number(value('quantity'));
    start[type] = {
      ...(productId === '' ? {} : { productId, sizeId: sizeId === '' ? null : sizeId }),
      ...(Number.isSafeInteger(quantity) && quantity > 0 ? { quantity } : {}),
      postcode: value('postcode'),
    };
    if (form.contains(document.activeElement)) tab = type;
    else if (tab === undefined && changed(form)) tab = type;
  }
  return { start, tab };
}

/**
 * The Order Online modal's server-rendered target (DESIGN.md, Rendering): a page asked for with
 * `?order-online` (the Order Online button's link, followed before the script or without it) is
 * rendered with the modal's panel open (StaticOrderOnline), which works without script. Once the
 * script runs, the modal takes the panel's place, starting from what was chosen there, and the
 * flag leaves the address (a replace). After a refused post from the panel, the panel stays with
 * the message. Render one per page, where the panel can show on every screen size.
 */
export function OrderOnlineTarget() {
  const location = useSiteLocation();
  const navigate = useSiteNavigate();
  const hydrated = useIsHydrated();
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [isOpen, setOpen] = useState(false);
  // Decided by the first render: the server's, and the browser's hydration of it.
  const [serverPanel, setServerPanel] = useState(
    () => !hydrated && hasFlag(location.search, dialogParams.orderOnline),
  );
  const [start, setStart] = useState<{ start: OrderOnlineStart; tab: OrderTab | undefined }>();
  // The server's panel once hydrated (its module is lazy, so after this component's first
  // effects), with what was chosen and typed in it before: read at that very moment, since a
  // later render puts the fields' values back.
  const [panel, setPanel] = useState<{
    element: HTMLDivElement;
    chosen: ReturnType<typeof readPanel>;
  } | null>(null);
  const onPanel = useCallback((element: HTMLDivElement | null) => {
    setPanel((current) =>
      element === null
        ? null
        : current?.element === element
          ? current
          : { element, chosen: readPanel(element) },
    );
  }, []);
  // The server's panel stays for good when it shows a refusal, or when the modal could not load.
  const refused = panel?.element.dataset.refused !== undefined;
  const [loadFailed, setLoadFailed] = useState(false);
  useHoldWhile(serverPanel && !refused && !loadFailed);
  const firstAddress = useRef(`${location.pathname}${location.search}`);
  const tookOver = useRef(false);
  const openOnArrival = useRef(false);

  // SPEC §2: the modal closes on route change. Taking the flag out of the address is not one:
  // the modal then opens in the panel's place.
  useEffect(() => {
    if (openOnArrival.current) {
      openOnArrival.current = false;
      setOpen(true);
      setServerPanel(false);
      return;
    }
    setOpen(false);
    if (`${location.pathname}${location.search}` !== firstAddress.current) setServerPanel(false);
  }, [location.pathname, location.search]);

  // Hydrated with the server's panel (effects run only in the browser, this one right after the
  // panel has hydrated): the modal takes its place, unless the panel shows a refusal.
  useEffect(() => {
    if (!serverPanel || !panel || refused || tookOver.current) return;
    tookOver.current = true;
    const { chosen } = panel;
    loadOrderOnlineDialog()
      .then((component) => {
        setStart(chosen);
        setDialog(() => component);
        const search = searchWithoutFlag(location.search, dialogParams.orderOnline);
        if (search === null) {
          setOpen(true);
          setServerPanel(false);
          return;
        }
        openOnArrival.current = true;
        void navigate(
          { pathname: location.pathname, search, hash: location.hash },
          { replace: true, preventScrollReset: true, state: location.state as unknown },
        );
      })
      .catch((error: unknown) => {
        // The panel stays: it works without the modal.
        console.error('Could not load the Order Online modal', error);
        setLoadFailed(true);
      });
  }, [serverPanel, panel, refused, location, navigate]);

  const withoutFlag = searchWithoutFlag(location.search, dialogParams.orderOnline);
  return (
    <>
      {serverPanel ? (
        <Suspense fallback={null}>
          <StaticOrderOnline
            action={`${location.pathname}${location.search}`}
            closeHref={`${location.pathname}${withoutFlag ?? location.search}`}
            panelRef={onPanel}
          />
        </Suspense>
      ) : null}
      {Dialog ? (
        <Dialog
          isOpen={isOpen}
          onOpenChange={setOpen}
          start={start?.start}
          initialTab={start?.tab}
        />
      ) : null}
    </>
  );
}
