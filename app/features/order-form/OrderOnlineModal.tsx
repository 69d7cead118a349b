import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { messages } from '../../../api/domain/messages';
import { Modal, Tabs, Text, type TabItem } from '../../../ui';
import { OrderForm } from './OrderForm';
import type { OrderFormStart } from './orderFormMachine';
import {
  CoalPanel,
  Panel,
  visibleTabs,
  type FormTab,
  type OrderOnlineCatalogue,
  type OrderTab,
} from './orderOnlineTabs';
import { useOrderFormActor, type OrderFormCart } from './useOrderFormActor';

export {
  orderTabs,
  visibleTabs,
  type FormTab,
  type OrderOnlineCatalogue,
  type OrderTab,
} from './orderOnlineTabs';

/** Where a tab's form starts: its product and choice (what was chosen in the server's panel). */
export type OrderOnlineStart = Partial<Record<FormTab, OrderFormStart & { productId?: string }>>;

export interface OrderOnlineModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  catalogue: OrderOnlineCatalogue;
  cart: OrderFormCart;
  /**
   * Where the forms start, read when the modal first renders: what was chosen and typed in the
   * server's panel it takes over from (a page opened with `?order-online`).
   */
  start?: OrderOnlineStart;
  /** The tab shown first (default: the first tab). */
  initialTab?: OrderTab;
}

/**
 * The Order Online modal (SPEC §2): 500px wide, a tab per product list that has products. Coal
 * links to the coal categories; Wood Pellets, Oil and Wood & Other Products hold the order form.
 * Each form keeps its choices while the visitor switches tabs or closes and reopens the modal; a
 * successful add closes it (SPEC §4).
 */
export function OrderOnlineModal({
  isOpen,
  onOpenChange,
  catalogue,
  cart,
  start = {},
  initialTab,
}: OrderOnlineModalProps) {
  const tabs = visibleTabs(catalogue);
  const [selected, setSelected] = useState<Key | undefined>(
    initialTab && tabs.includes(initialTab) ? initialTab : tabs[0],
  );
  const close = () => onOpenChange(false);
  const setup = (type: FormTab) => ({
    productType: type,
    products: catalogue[type],
    productId: start[type]?.productId ?? null,
    start: start[type],
  });
  // One form per product type, alive as long as the modal is: switching tabs keeps the choices.
  const forms: Record<FormTab, ReturnType<typeof useOrderFormActor>> = {
    woodpellet: useOrderFormActor(setup('woodpellet'), cart, close),
    oil: useOrderFormActor(setup('oil'), cart, close),
    other: useOrderFormActor(setup('other'), cart, close),
  };

  const form = (type: FormTab) => (
    <OrderForm
      actor={forms[type]}
      aria-label={messages.orderForm.formLabel(messages.orderForm.tabs[type])}
    />
  );
  const content: Record<OrderTab, () => TabItem['content']> = {
    coal: () => <CoalPanel catalogue={catalogue} />,
    woodpellet: () => (
      <Panel>
        <Text variant="muted">{messages.woodPelletsNote}</Text>
        {form('woodpellet')}
      </Panel>
    ),
    oil: () => form('oil'),
    other: () => form('other'),
  };

  return (
    <Modal title={messages.orderOnline} width={500} isOpen={isOpen} onOpenChange={onOpenChange}>
      {tabs.length === 0 ? (
        <Text>{messages.orderForm.nothingToOrder}</Text>
      ) : (
        <Tabs
          aria-label={messages.orderForm.tabListLabel}
          selectedKey={selected ?? tabs[0]}
          onSelectionChange={setSelected}
          items={tabs.map((tab) => ({
            id: tab,
            label: messages.orderForm.tabs[tab],
            content: content[tab](),
          }))}
        />
      )}
    </Modal>
  );
}
