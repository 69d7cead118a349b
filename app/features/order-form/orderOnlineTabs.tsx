import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import { CoalCategoryIcon, Link, Text, theme } from '../../../ui';
import type { Catalogue } from '../catalogue';
import { domesticCoalHref } from '../navigation';

/*
 * What the Order Online modal and its server-rendered panel share: the tabs and the Coal tab.
 * Kept apart from the modal so that the panel (in the header's code) does not bring in the modal's
 * forms and machines.
 */

/** The server panel's product-and-size choice: "productId:sizeId" ("productId:" without sizes). */
export const choiceField = 'choice';

/** The tabs (SPEC §2), in order. Coal is ordered per category on the catalogue pages. */
export type OrderTab = 'coal' | 'woodpellet' | 'oil' | 'other';
export const orderTabs: readonly OrderTab[] = ['coal', 'woodpellet', 'oil', 'other'];

/** The tabs that hold an order form. */
export type FormTab = Exclude<OrderTab, 'coal'>;

export type OrderOnlineCatalogue = Pick<Catalogue, 'coal' | 'oil' | 'woodpellet' | 'other'>;

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

export const Panel = styled.div`
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

/** The Coal tab: a link per coal category, and the minimum-order note (SPEC §2). */
export function CoalPanel({ catalogue }: { catalogue: OrderOnlineCatalogue }) {
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
