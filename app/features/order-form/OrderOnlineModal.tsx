import { useState } from 'react';
import type { Key } from 'react-aria-components';
import styled from 'styled-components';
import type { ProductType } from '../../../api/domain/catalogue';
import { messages } from '../../../api/domain/messages';
import { CoalCategoryIcon, Link, Modal, Tabs, Text, theme, type TabItem } from '../../../ui';
import type { Catalogue } from '../catalogue';
import { domesticCoalHref } from '../navigation';
import { OrderForm } from './OrderForm';
import { useOrderFormActor, type OrderFormCart } from './useOrderFormActor';

/** The tabs (SPEC §2), in order. Coal is ordered per category on the catalogue pages. */
export type OrderTab = 'coal' | 'woodpellet' | 'oil' | 'other';
export const orderTabs: readonly OrderTab[] = ['coal', 'woodpellet', 'oil', 'other'];

export type OrderOnlineCatalogue = Pick<Catalogue, 'coal' | 'oil' | 'woodpellet' | 'other'>;

export interface OrderOnlineModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  catalogue: OrderOnlineCatalogue;
  cart: OrderFormCart;
}

/** A tab appears only when its product list is not empty (SPEC §2). */
export function visibleTabs(catalogue: OrderOnlineCatalogue): OrderTab[] {
  const lists: Record<OrderTab, readonly unknown[]> = {
    coal: catalogue.coal.filter((category) => category.coals.length > 0),
    woodpellet: catalogue.woodpellet,
    oil: catalogue.oil,
    other: catalogue.other,
  };
  return orderTabs.filter((tab) => lists[tab].length > 0);
}

const Panel = styled.div`
  display: grid;
  gap: ${theme.space[3]};

  & > p {
    margin: 0;
  }
`;

const CategoryList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[1]};

  & a {
    display: flex;
    align-items: center;
    gap: ${theme.space[3]};
    min-height: 44px;
    padding: ${theme.space[1]} ${theme.space[2]};
    font-weight: ${theme.fontWeights.semibold};
  }
  & a > svg {
    flex: none;
    font-size: 1.75rem;
    color: ${theme.colors.ink};
  }
`;

function CoalPanel({ catalogue }: { catalogue: OrderOnlineCatalogue }) {
  const categories = catalogue.coal.filter((category) => category.coals.length > 0);
  return (
    <Panel>
      <Text>{messages.orderForm.coalIntro}</Text>
      <CategoryList aria-label={messages.orderForm.coalCategoriesLabel}>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link href={domesticCoalHref(category.slug)}>
              <CoalCategoryIcon icon={category.icon} />
              {category.title}
            </Link>
          </li>
        ))}
      </CategoryList>
      <Text variant="muted">{messages.orderForm.coalMinimumOrder}</Text>
    </Panel>
  );
}

/**
 * The Order Online modal (SPEC §2): 500px wide, a tab per product list that has products. Coal
 * links to the coal categories; Wood Pellets, Oil and Wood & Other Products hold the order form.
 * Each form keeps its choices while the visitor switches tabs or closes and reopens the modal; a
 * successful add closes it (SPEC §4).
 */
export function OrderOnlineModal({ isOpen, onOpenChange, catalogue, cart }: OrderOnlineModalProps) {
  const tabs = visibleTabs(catalogue);
  const [selected, setSelected] = useState<Key | undefined>(tabs[0]);
  const close = () => onOpenChange(false);
  // One form per product type, alive as long as the modal is: switching tabs keeps the choices.
  const forms: Record<Exclude<OrderTab, 'coal'>, ReturnType<typeof useOrderFormActor>> = {
    woodpellet: useOrderFormActor(
      { productType: 'woodpellet', products: catalogue.woodpellet },
      cart,
      close,
    ),
    oil: useOrderFormActor({ productType: 'oil', products: catalogue.oil }, cart, close),
    other: useOrderFormActor({ productType: 'other', products: catalogue.other }, cart, close),
  };

  const form = (type: Exclude<ProductType, 'coal'>) => (
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
